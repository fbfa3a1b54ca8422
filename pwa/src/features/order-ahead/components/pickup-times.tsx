import { shopClock, type StopPickup } from '@cocoa/shared-types';
import { useViewerZone } from '../../../lib/viewer-clock';

interface Props {
  slots: StopPickup['slots'];
  /** While the cart serves at the stop: the first slot is "as soon as possible", ready about `estimate`. */
  asap: StopPickup['asap'];
  /** The shop's zone: the times are the cart's clock, with its zone's abbreviation for a viewer elsewhere. */
  shopZone: string;
  value: string;
  onChange: (slotStart: string) => void;
  /** Why the time chosen was refused (a 409 from the checkout): the times shown are fresh ones. */
  problem: string | null;
}

/** The pickup times still open, one radio each with the places it has left. */
export function PickupTimes({ slots, asap, shopZone, value, onChange, problem }: Props) {
  const viewerZone = useViewerZone();
  return (
    <fieldset className="pickup-section pickup-times" aria-describedby={problem ? 'pickup-times-problem' : undefined}>
      <legend>
        <h2>Pickup time</h2>
      </legend>
      {problem && (
        <p className="notice pickup-times__problem" id="pickup-times-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="pickup-times__grid">
        {slots.map((slot, index) => {
          const soonest = asap?.slotStart === slot.start;
          const time = soonest
            ? `As soon as possible, about ${shopClock(new Date(asap.estimate), shopZone, viewerZone)}`
            : shopClock(new Date(slot.start), shopZone, viewerZone);
          const id = `pickup-slot-${index}`;
          return (
            <label key={slot.start} className={`pickup-time${slot.start === value ? ' pickup-time--chosen' : ''}`}>
              <input
                type="radio"
                name="pickup-slot"
                value={slot.start}
                checked={slot.start === value}
                onChange={() => onChange(slot.start)}
                aria-labelledby={id}
                aria-describedby={`${id}-left`}
              />
              <span className="pickup-time__at" id={id}>
                {time}
              </span>
              <span className="muted pickup-time__left" id={`${id}-left`}>
                {slot.left} left
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
