/** A social page's name as its address says it: https://www.instagram.com/shop → "Instagram". */
function socialName(url: string): string {
  try {
    const label = new URL(url).hostname.replace(/^www\./, '').split('.')[0];
    return label.charAt(0).toUpperCase() + label.slice(1);
  } catch {
    return url;
  }
}

/** The shop's social pages (Admin → Settings), each a round badge with its first letter; nothing while none is set. */
export function SocialLinks({ links, className }: { links: readonly string[]; className: string }) {
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((url) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`${socialName(url)} (opens in a new tab)`}>
            <span aria-hidden="true">{socialName(url)[0]}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
