import { type BookingPackage, formatCents } from '@cocoa/shared-types';
import { durationText } from '../format';

interface Props {
  packages: readonly BookingPackage[];
  value: number | undefined;
  onChange: (id: number) => void;
  error?: string;
}

/**
 * The packages as cards, one radio each (named by the package, described by its prices; the whole
 * card chooses it): a keyboard moves between them with the arrow keys, as with any radio group.
 */
export function PackageChoice({ packages, value, onChange, error }: Props) {
  return (
    <fieldset className="booking-packages" aria-describedby={error ? 'booking-packageId-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend>Package</legend>
      <div className="booking-packages__grid">
        {packages.map((p) => (
          <label key={p.id} className={`card booking-package${p.id === value ? ' booking-package--chosen' : ''}`}>
            <span className="booking-package__head">
              <input
                type="radio"
                name="booking-package"
                value={p.id}
                checked={p.id === value}
                onChange={() => onChange(p.id)}
                aria-labelledby={`booking-package-${p.id}`}
                aria-describedby={`booking-package-${p.id}-price`}
              />
              <span className="booking-package__name" id={`booking-package-${p.id}`}>
                {p.name}
              </span>
            </span>
            <span className="booking-package__price" id={`booking-package-${p.id}-price`}>
              {formatCents(p.pricePerGuestCents)} per guest · minimum {formatCents(p.minimumCents)}
            </span>
            <span className="muted">
              {p.minGuests}–{p.maxGuests} guests · {durationText(p.durationMinutes)}
            </span>
            {p.description && <span className="booking-package__text">{p.description}</span>}
            {p.included.length > 0 && (
              <span className="booking-package__included">
                {p.included.map((item) => (
                  <span key={item} className="booking-package__item">
                    {item}
                  </span>
                ))}
              </span>
            )}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id="booking-packageId-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
