import { useEffect, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { dayKey, formatLongDate, formatStopTimes, type ScheduledEvent, upcomingNearest } from '@cocoa/shared-types';

type State = { kind: 'idle' } | { kind: 'locating' } | { kind: 'denied' } | { kind: 'ready'; at: [number, number] };

const KM_PER_MILE = 1.609344;

/** 'Near me': upcoming locations ordered by distance once the visitor allows location. */
export function NearMe({ events }: { events: ScheduledEvent[] }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  // Shown on the server's first screen and while the app hydrates it (nearly every browser has it); hidden after where it is missing.
  const hydrated = useHydrated();
  const supported = !hydrated || 'geolocation' in navigator;

  const locate = () => {
    if (!supported) return;
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => setState({ kind: 'ready', at: [pos.coords.latitude, pos.coords.longitude] }),
      () => setState({ kind: 'denied' }),
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    );
  };

  // Already allowed on an earlier visit: order at once, without asking again.
  useEffect(() => {
    let cancelled = false;
    navigator.permissions?.query({ name: 'geolocation' }).then(
      (status) => {
        if (!cancelled && status.state === 'granted') locate();
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per mount on purpose
  }, []);

  if (!supported) return null;
  const nearest = state.kind === 'ready' ? upcomingNearest(events, state.at, dayKey(new Date())).slice(0, 5) : [];
  return (
    <section className="tracker-near card" aria-labelledby="near-me-title">
      <h2 id="near-me-title">Near me</h2>
      {state.kind !== 'ready' && (
        <>
          <p className="muted">Share your location to see the upcoming stops closest to you.</p>
          <button type="button" className="btn btn--small" onClick={locate} disabled={state.kind === 'locating'}>
            {state.kind === 'locating' ? 'Finding you...' : 'Near me'}
          </button>
          {state.kind === 'denied' && (
            <p className="muted" role="status">
              Location access was not allowed, so stops are listed by date.
            </p>
          )}
        </>
      )}
      {state.kind === 'ready' &&
        (nearest.length === 0 ? (
          <p className="muted">No upcoming stops scheduled yet.</p>
        ) : (
          <ol className="tracker-near__list">
            {nearest.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong> — {e.location || 'No location'}
                <span className="muted">
                  {' '}
                  · {formatLongDate(e.date, e.timeZone)}, {formatStopTimes({ ...e, endTime: undefined })}
                  {e.distanceKm !== null && ` · ${Math.round(e.distanceKm / KM_PER_MILE)} mi`}
                </span>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
