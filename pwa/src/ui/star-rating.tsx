/** Rating out of 5; a fractional rating of .5 or more shows a half star (a testimonial's rating). */
export function starsFor(rating: number): Array<'full' | 'half' | 'empty'> {
  const clamped = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  const full = Math.floor(clamped);
  const half = clamped - full >= 0.5 ? 1 : 0;
  return [...new Array<'full'>(full).fill('full'), ...new Array<'half'>(half).fill('half'), ...new Array<'empty'>(5 - full - half).fill('empty')];
}

const STAR = 'M12 2l3.09 6.26L22 9.27l-5 4.87L18.18 21 12 17.77 5.82 21 7 14.14l-5-4.87 6.91-1.01z';

export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {starsFor(rating).map((kind, i) => (
        <svg key={i} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" data-star={kind}>
          <defs>
            <linearGradient id={`half-${i}`}>
              <stop offset="50%" stopColor="currentColor" />
              <stop offset="50%" stopColor="transparent" />
            </linearGradient>
          </defs>
          <path d={STAR} stroke="currentColor" strokeWidth="1.5" fill={kind === 'full' ? 'currentColor' : kind === 'half' ? `url(#half-${i})` : 'none'} />
        </svg>
      ))}
    </span>
  );
}
