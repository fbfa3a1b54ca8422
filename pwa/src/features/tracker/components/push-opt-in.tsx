import { useEffect, useState } from 'react';
import { PUSH_MILES_MAX, type PushTopicInput, pushTopicKey, pushTopicLine } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { useHydrated } from '../../../lib/use-hydrated';
import { type FollowedTopic, followTopic, forgetStaleTopics, unfollow, useFollowedTopics, usePushAvailability } from '../api/push';

/** The radii offered for 'near' (miles); the API takes 1 to PUSH_MILES_MAX. */
const NEAR_MILES = [1, 5, 10, 25, 50].filter((m) => m <= PUSH_MILES_MAX);
const DEFAULT_MILES = 5;
const NEAR_LABEL = 'your location';
const OFFLINE = 'Notifications could not be changed right now. Check your connection and try again.';
const BROWSER_FAILED = 'This browser could not set up notifications right now. Please try again later.';

/** One request at a time per control: what it is doing, and the last failure in words. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (err) {
      // The browser's own failures (a DOMException from the push service) are not worded for people.
      setProblem(err instanceof DOMException ? BROWSER_FAILED : messageOf(err, OFFLINE));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

/** 'Notifications are on for …' and its 'Turn off' (this topic in the shop's list, and the browser's subscription with the last one). */
function FollowedLine({ followed }: { followed: FollowedTopic }) {
  const { busy, problem, run } = useAction();
  return (
    <div className="push-opt-in__on">
      <p role="status">{pushTopicLine(followed.topic, followed.name)}</p>
      <button
        type="button"
        className="btn btn--small"
        disabled={busy}
        onClick={() => void run(() => unfollow(followed.key))}
        aria-label={`Turn off: ${pushTopicLine(followed.topic, followed.name)}`}
      >
        {busy ? 'Turning off...' : 'Turn off'}
      </button>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * On one stop of the day's list: 'Tell me when the cart arrives' (a push when the owner checks in
 * there, or changes its status), or the line saying it is on with 'Turn off'. Nothing when this
 * browser cannot be told (PushOptIn below the list says why, once).
 */
export function StopPushButton({ stopId, name }: { stopId: number; name: string }) {
  const followedTopics = useFollowedTopics();
  const { busy, problem, run } = useAction();
  const topic: PushTopicInput = { kind: 'stop', stopId };
  const availability = usePushAvailability();
  const followed = followedTopics.find((t) => t.key === pushTopicKey(topic));
  if (followed) return <FollowedLine followed={followed} />;
  if (availability !== 'available') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        disabled={busy}
        onClick={() => void run(() => followTopic(topic, name))}
        aria-label={`Tell me when the cart arrives at ${name}`}
      >
        {busy ? 'Turning on...' : 'Tell me when the cart arrives'}
      </button>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </>
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
  const anywhere = useAction();
  const near = useAction();
  const [miles, setMiles] = useState(DEFAULT_MILES);
  const [located, setLocated] = useState<Located>({ kind: 'idle' });
  const availability = usePushAvailability();
  // As the server's first screen has it (no browser known) until the app has hydrated it.
  const geolocation = useHydrated() && 'geolocation' in navigator;

  // A permission withdrawn in the browser's settings, or a subscription it dropped: the lines go too.
  useEffect(() => {
    forgetStaleTopics().catch(() => undefined);
  }, []);

  const shown = followedTopics.filter((t) => t.topic.kind !== 'stop');
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
            <FollowedLine key={t.key} followed={t} />
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
          {anywhere.problem && (
            <p className="field__error" role="alert">
              {anywhere.problem}
            </p>
          )}
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
          {near.problem && (
            <p className="field__error" role="alert">
              {near.problem}
            </p>
          )}
        </>
      )}
    </section>
  );
}
