import { useEffect, useState } from 'react';
import { PUSH_MILES_MAX } from '@cocoa/shared-types';
import { useHydrated } from '../../../lib/use-hydrated';
import { followTopic, forgetStaleTopics, useFollowedTopics, usePushAvailability } from '../../../lib/push';
import { FollowedTopicLine, PushProblem, PushTopicButton, usePushAction } from '../../../ui/push-topic';

/** The radii offered for 'near' (miles); the API takes 1 to PUSH_MILES_MAX. */
const NEAR_MILES = [1, 5, 10, 25, 50].filter((m) => m <= PUSH_MILES_MAX);
const DEFAULT_MILES = 5;
const NEAR_LABEL = 'your location';

/**
 * On one stop of the day's list: 'Tell me when the cart arrives' (a push when the owner checks in
 * there, or changes its status), or the line saying it is on with 'Turn off'. Nothing when this
 * browser cannot be told (PushOptIn below the list says why, once).
 */
export function StopPushButton({ stopId, name }: { stopId: number; name: string }) {
  return (
    <PushTopicButton
      topic={{ kind: 'stop', stopId }}
      name={name}
      label="Tell me when the cart arrives"
      ariaLabel={`Tell me when the cart arrives at ${name}`}
    />
  );
}

type Located = { kind: 'idle' } | { kind: 'locating' } | { kind: 'refused' };

/**
 * Notifications for visitors who follow the cart rather than one stop: the next check-in
 * anywhere, or a check-in within N miles of where they are now (the browser's geolocation).
 * A browser that cannot show them, or has blocked them, gets a sentence instead of buttons.
 */
export function PushOptIn() {
  const followedTopics = useFollowedTopics();
  const anywhere = usePushAction();
  const near = usePushAction();
  const [miles, setMiles] = useState(DEFAULT_MILES);
  const [located, setLocated] = useState<Located>({ kind: 'idle' });
  const availability = usePushAvailability();
  // As the server's first screen has it (no browser known) until the app has hydrated it.
  const geolocation = useHydrated() && 'geolocation' in navigator;

  // A permission withdrawn in the browser's settings, or a subscription it dropped: the lines go too.
  useEffect(() => {
    forgetStaleTopics().catch(() => undefined);
  }, []);

  // A stop's line is on its stop, an order's on its page.
  const shown = followedTopics.filter((t) => t.topic.kind === 'any' || t.topic.kind === 'near');
  const followsAnywhere = followedTopics.some((t) => t.topic.kind === 'any');

  const followNear = () =>
    near.run(async () => {
      setLocated({ kind: 'locating' });
      let position: GeolocationPosition;
      try {
        position = await new Promise<GeolocationPosition>((resolve, reject) =>
          navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: 10 * 60 * 1000, timeout: 15_000 }),
        );
      } catch {
        setLocated({ kind: 'refused' });
        return;
      }
      setLocated({ kind: 'idle' });
      await followTopic({ kind: 'near', latitude: position.coords.latitude, longitude: position.coords.longitude, miles, label: NEAR_LABEL }, NEAR_LABEL);
    });

  return (
    <section className="push-opt-in card tracker-near" aria-labelledby="push-opt-in-title">
      <h2 id="push-opt-in-title">Get a notification</h2>
      {availability === 'unsupported' ? (
        <p className="muted">
          This browser cannot show notifications from the tracker. On an iPhone or iPad, add the shop to your Home Screen first, then open it from there.
        </p>
      ) : availability === 'denied' ? (
        <p className="muted">Notifications are blocked for this site. Allow them in your browser’s site settings to be told when the cart arrives.</p>
      ) : (
        <>
          <p className="muted">We’ll send one when the cocoa cart checks in. Use “Tell me when the cart arrives” on a stop above for that stop alone.</p>
          {shown.map((t) => (
            <FollowedTopicLine key={t.key} followed={t} />
          ))}
          {!followsAnywhere && (
            <p>
              <button
                type="button"
                className="btn btn--small"
                disabled={anywhere.busy}
                onClick={() => void anywhere.run(() => followTopic({ kind: 'any' }, null))}
              >
                {anywhere.busy ? 'Turning on...' : 'Notify me of the next check-in anywhere'}
              </button>
            </p>
          )}
          <PushProblem problem={anywhere.problem} />
          {geolocation && (
            <div className="field-row push-opt-in__near">
              <div className="field">
                <label htmlFor="push-near-miles">Within</label>
                <select id="push-near-miles" value={miles} onChange={(e) => setMiles(Number(e.target.value))}>
                  {NEAR_MILES.map((m) => (
                    <option key={m} value={m}>
                      {m} mile{m === 1 ? '' : 's'}
                    </option>
                  ))}
                </select>
              </div>
              <p>
                <button type="button" className="btn btn--small" disabled={near.busy} onClick={() => void followNear()}>
                  {located.kind === 'locating' ? 'Finding you...' : near.busy ? 'Turning on...' : `Notify me near ${NEAR_LABEL}`}
                </button>
              </p>
            </div>
          )}
          {located.kind === 'refused' && (
            <p className="muted" role="status">
              Location access was not allowed, so we cannot tell when the cart is near you.
            </p>
          )}
          <PushProblem problem={near.problem} />
        </>
      )}
    </section>
  );
}
