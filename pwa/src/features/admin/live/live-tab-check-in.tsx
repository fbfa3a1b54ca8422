import { useState } from 'react';
import { formatStopTimes, liveCheckInSchema, type LiveCheckInInput } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { LoadState } from '../../../ui/load-problem';
import { SkeletonLines } from '../../../ui/skeleton';
import { reverseGeocode, useLiveCheckIn, useTodayStops } from '../../live';
import { queuedLiveChange } from '../shared/api/change-queue';
import { AdminCard } from '../shared/admin-card';

interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

const ELSEWHERE = 'elsewhere';

/** GeolocationPositionError codes. */
const PERMISSION_DENIED = 1;

export const GEO_TEXTS = {
  unsupported: 'This device cannot share its position. Check in at one of today’s stops instead.',
  denied: 'Location is blocked for this site. Allow it in the browser’s site settings and tap Find my position again, or check in at one of today’s stops.',
  unavailable: 'Your position could not be found. Move away from tall buildings and tap Find my position again.',
  unnamed: 'We couldn’t find a name for this place. Type one below.',
} as const;

/** 'Somewhere else': the tablet's position, named by reverse geocoding; the name stays editable. */
function useHere() {
  const [position, setPosition] = useState<Position | null>(null);
  const [label, setLabel] = useState('');
  const [locating, setLocating] = useState(false);
  const [naming, setNaming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    setProblem(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) return setProblem(GEO_TEXTS.unsupported);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        const { latitude, longitude, accuracy } = found.coords;
        setPosition({ latitude, longitude, accuracy });
        setLocating(false);
        setNaming(true);
        reverseGeocode(latitude, longitude)
          .then((named) => setLabel((typed) => (typed.trim() ? typed : named.label)))
          .catch(() => setProblem(GEO_TEXTS.unnamed))
          .finally(() => setNaming(false));
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === PERMISSION_DENIED ? GEO_TEXTS.denied : GEO_TEXTS.unavailable);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return { position, label, setLabel, locating, naming, problem, locate };
}

/**
 * Where are you? One of today's stops, or somewhere else; then the large We're here. Also used to
 * move while checked in (the API keeps what sold out).
 */
export function LiveCheckIn({ timeZone, moving = false, onDone }: { timeZone: string; moving?: boolean; onDone?: () => void }) {
  const stops = useTodayStops(timeZone);
  const here = useHere();
  const [choice, setChoice] = useState<number | typeof ELSEWHERE | null>(null);
  const chosenStop = stops.data?.find((stop) => stop.id === choice);
  // Made without signal, the check-in waits on the tablet (change-queue.ts), listed under this stop's name.
  const checkIn = useLiveCheckIn(queuedLiveChange(chosenStop ? (chosenStop.location ?? chosenStop.title) : undefined));
  const [invalid, setInvalid] = useState<string | null>(null);

  const choose = (next: number | typeof ELSEWHERE) => {
    setChoice(next);
    setInvalid(null);
    if (next === ELSEWHERE && !here.position && !here.locating) here.locate();
  };

  const submit = () => {
    let body: LiveCheckInInput;
    if (choice === null) return setInvalid('Choose where you are first.');
    if (choice === ELSEWHERE) {
      if (!here.position) return setInvalid('Find your position first.');
      body = { place: { label: here.label, latitude: here.position.latitude, longitude: here.position.longitude } };
      const checked = liveCheckInSchema.safeParse(body);
      if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? 'Please name the place');
      body = { place: { ...body.place, label: here.label.trim() } };
    } else {
      body = { stopId: choice };
    }
    setInvalid(null);
    checkIn.mutate(body, { onSuccess: onDone });
  };

  const list = stops.data ?? [];
  const ready = choice !== null && (choice !== ELSEWHERE || here.position !== null);
  return (
    <AdminCard titleId="live-checkin-title" title={moving ? 'Where are you now?' : 'Where are you?'}>
      <fieldset className="live-places">
        <legend className="visually-hidden">{moving ? 'Where are you now?' : 'Where are you?'}</legend>
        <LoadState
          query={stops}
          loading={<SkeletonLines label="Loading today’s stops" count={1} className="skeleton--row" />}
          offline="Today’s stops will show once you are back online."
          failed="Today’s stops could not be loaded."
        >
          {(today) =>
            today.length === 0 && <p className="muted">No stops are scheduled for today. Use Somewhere else, or add today’s stop in the Location Scheduler.</p>
          }
        </LoadState>
        <ul className="admin-rows">
          {list.map((stop) => (
            <li key={stop.id}>
              <label className={`admin-row admin-row--choice live-place${choice === stop.id ? ' is-checked' : ''}`}>
                <input type="radio" name="live-place" value={stop.id} checked={choice === stop.id} onChange={() => choose(stop.id)} />
                <span className="admin-row__main">
                  <span className="admin-row__title">{stop.title}</span>
                  <span className="admin-row__meta">
                    {stop.location || 'No location'} · {formatStopTimes(stop)}
                  </span>
                </span>
              </label>
            </li>
          ))}
          <li>
            <label className={`admin-row admin-row--choice live-place${choice === ELSEWHERE ? ' is-checked' : ''}`}>
              <input type="radio" name="live-place" value={ELSEWHERE} checked={choice === ELSEWHERE} onChange={() => choose(ELSEWHERE)} />
              <span className="admin-row__main">
                <span className="admin-row__title">Somewhere else</span>
                <span className="admin-row__meta">Uses this tablet’s position</span>
              </span>
            </label>
          </li>
        </ul>
      </fieldset>

      {choice === ELSEWHERE && (
        <div className="live-elsewhere">
          <div className="admin-actions">
            <button type="button" className="btn btn--outline btn--small-touch" onClick={here.locate} disabled={here.locating}>
              {here.locating ? 'Finding your position...' : 'Find my position'}
            </button>
            {here.position && (
              <span className="muted">
                {here.position.latitude.toFixed(5)}, {here.position.longitude.toFixed(5)} (within {Math.round(here.position.accuracy)} m)
              </span>
            )}
          </div>
          {here.problem && (
            <p className="field__error" role="alert">
              {here.problem}
            </p>
          )}
          {here.position && (
            <div className="field">
              <label htmlFor="live-place-label">Name of the place</label>
              <input
                id="live-place-label"
                value={here.label}
                onChange={(event) => here.setLabel(event.target.value)}
                placeholder={here.naming ? 'Looking up the name...' : 'e.g. Millennium Park'}
                maxLength={200}
              />
              <span className="muted">Visitors read it: ‘Serving now at {here.label.trim() || '…'}’.</span>
            </div>
          )}
        </div>
      )}

      {(invalid || checkIn.isError) && (
        <p className="field__error" role="alert">
          {invalid ?? messageOf(checkIn.error, 'Could not check in. Please try again.')}
        </p>
      )}
      <button type="button" className="btn btn--primary live-here" onClick={submit} disabled={!ready || checkIn.isPending}>
        {checkIn.isPending ? 'Checking in...' : "We're here"}
      </button>
    </AdminCard>
  );
}
