import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import {
  eventDays,
  eventsInMonth,
  eventsOnDay,
  hasValidCoordinates,
  stopDay,
  liveHeadline,
  MAP_FOCUS_ZOOM,
  MAP_HEIGHT_PX,
  type MapView,
  mapViewFor,
} from '@cocoa/shared-types';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { useHydrated } from '../../../lib/use-hydrated';
import { useViewerToday } from '../../../lib/viewer-clock';
import { useSeen } from '../../../lib/use-seen';
import { LoadProblem } from '../../../ui/load-problem';
import { MonthCalendar } from '../../../ui/month-calendar';
import { useEvents } from '../../events';
import { LiveBanner, prefetchLiveState, useLiveState } from '../../live';
import { mapConfigQueryOptions, useMapConfig } from '../api/map-config';
import { useMonthEvents } from '../api/month-events';
import { DayEvents } from '../components/day-events';
import { NearMe } from '../components/near-me';
import type { LiveMarker } from '../components/tracker-map';
import '../tracker.css';

// Leaflet loads with the map, after the calendar and list are on screen.
const TrackerMap = lazy(() => import('../components/tracker-map'));
/**
 * On a phone the map sits under the calendar and the day's list, its top edge just on the first
 * screen: Leaflet (~50 KB gzip, the page's largest task) and the tiles wait until a quarter of it
 * is in view, or View on Map asks for it. Beside the calendar on wider screens it loads at once.
 */
const MAP_LOAD_VISIBLE_FRACTION = 0.25;

/** Older than this, data on screen is said to come from a saved copy. */
const STALE_NOTE_MS = 2 * 60 * 1000;

const formatUpdated = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * The calls this page makes as it mounts, made when a visitor lands on it (app/router.tsx,
 * preloadLandingPage): the cart's state and the map's tile settings (the month's stops come with
 * the page).
 */
export async function prefetchPageData(client: QueryClient): Promise<void> {
  await Promise.all([prefetchLiveState(client), client.prefetchQuery(mapConfigQueryOptions)]);
}

/** Live Cocoa Tracker: month calendar, the chosen day's events and the month's map. */
export default function CocoaTrackerPage() {
  useDocumentTitle('Live Cocoa Tracker');
  const today = useViewerToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selectedDay, setSelectedDay] = useState<string | null>(today);
  const [focus, setFocus] = useState<{ view: MapView; version: number } | null>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  const [mapAsked, setMapAsked] = useState(false);
  // When this page was opened: a saved copy older than that by STALE_NOTE_MS says so (render stays pure).
  const [openedAt] = useState(() => Date.now());
  const online = useOnline();

  const monthQuery = useMonthEvents(month);
  // watched once the day's list above it has its height: 'Loading events...' is one line
  const mapInView = useSeen(mapRef, MAP_LOAD_VISIBLE_FRACTION, !monthQuery.isPending);
  const mapConfig = useMapConfig();
  const upcoming = useEvents();
  const live = useLiveState();

  const monthEvents = useMemo(() => eventsInMonth(monthQuery.data?.events ?? [], month), [monthQuery.data, month]);
  const days = useMemo(() => eventDays(monthEvents), [monthEvents]);
  const dayEvents = selectedDay ? eventsOnDay(monthEvents, selectedDay) : [];
  const view = focus?.view ?? mapViewFor(monthEvents, selectedDay);

  const fetchedAt = monthQuery.data?.fetchedAt;
  const showSavedNote = fetchedAt !== undefined && (!online || monthQuery.isError || openedAt - Date.parse(fetchedAt) > STALE_NOTE_MS);

  const changeMonth = (next: string) => {
    setMonth(next);
    setSelectedDay(next === today.slice(0, 7) ? today : null);
    setFocus(null);
  };
  const selectDay = (day: string) => {
    setSelectedDay(day);
    setFocus(null);
  };
  const viewOnMap = (at: { latitude: number; longitude: number }) => {
    setFocus((f) => ({ view: { center: [at.latitude, at.longitude], zoom: MAP_FOCUS_ZOOM }, version: (f?.version ?? 0) + 1 }));
    setMapAsked(true);
    mapRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  // The live marker: where the cart is now, while it is out and its place has a position.
  // ?stop=<id> (a notification's or calendar link's stop): its day is chosen and the map shows it,
  // once, as soon as the upcoming stops are known (state adjusted while rendering, not in an effect).
  const [params] = useSearchParams();
  const linkedStopId = Number(params.get('stop'));
  const [linkedShown, setLinkedShown] = useState(false);
  if (!linkedShown && Number.isInteger(linkedStopId) && linkedStopId > 0 && upcoming.data) {
    setLinkedShown(true);
    const stop = upcoming.data.find((e) => e.id === linkedStopId);
    if (stop) {
      const day = stopDay(stop);
      setMonth(day.slice(0, 7));
      setSelectedDay(day);
      if (hasValidCoordinates(stop)) setFocus({ view: { center: [stop.latitude, stop.longitude], zoom: MAP_FOCUS_ZOOM }, version: 1 });
    }
  }

  const liveHeadlineText = live.state ? liveHeadline(live.state) : null;
  const livePlace = liveHeadlineText ? live.state?.place : null;
  const liveMarker: LiveMarker | null =
    liveHeadlineText && livePlace && hasValidCoordinates(livePlace)
      ? { latitude: livePlace.latitude, longitude: livePlace.longitude, label: livePlace.label, headline: liveHeadlineText }
      : null;

  return (
    <div className="container page tracker">
      <h1>Live Cocoa Tracker</h1>
      <p className="muted">Find out where our cocoa cart is serving this month. Choose a date to see that day’s stops.</p>
      <LiveBanner onViewOnMap={liveMarker ? () => viewOnMap(liveMarker) : undefined} />
      {showSavedNote && (
        <p className="tracker__saved" role="status">
          {online ? '' : 'You are offline. '}Last updated {formatUpdated(fetchedAt)}
        </p>
      )}
      <div className="tracker__grid">
        <div className="tracker__side">
          <MonthCalendar month={month} selectedDay={selectedDay} eventDays={days} onMonthChange={changeMonth} onSelectDay={selectDay} />
          {monthQuery.isError && !monthQuery.data ? (
            // A month never opened, offline: not 'no events'.
            <LoadProblem
              offline="This month's stops are not saved on this device yet. They will show here when you're back online."
              failed="This month's stops could not be loaded right now."
              onRetry={() => void monthQuery.refetch()}
            />
          ) : (
            <DayEvents day={selectedDay} events={dayEvents} daysWithEvents={days.size} loading={monthQuery.isPending} onViewOnMap={viewOnMap} />
          )}
        </div>
        <div className="tracker__map" ref={mapRef} style={{ minHeight: MAP_HEIGHT_PX }}>
          {mapConfig.data && (mapInView || mapAsked) ? (
            <Suspense
              fallback={<div className="tracker-map tracker-map--placeholder" style={{ height: MAP_HEIGHT_PX }} role="status" aria-label="Loading map" />}
            >
              <TrackerMap config={mapConfig.data} events={monthEvents} view={view} version={focus?.version ?? 0} live={liveMarker} />
            </Suspense>
          ) : (
            <div className="tracker-map tracker-map--placeholder" style={{ height: MAP_HEIGHT_PX }}>
              <p className="muted">{mapConfig.isError ? 'The map is unavailable right now.' : 'Loading map...'}</p>
            </div>
          )}
        </div>
      </div>
      <div className="tracker__extras">
        <NearMe events={upcoming.data ?? []} />
        <section className="tracker-subscribe card" aria-labelledby="subscribe-title">
          <h2 id="subscribe-title">Never miss a stop</h2>
          <p className="muted">Add our schedule to your phone’s calendar; it updates by itself.</p>
          <CalendarFeedLinks />
        </section>
      </div>
    </div>
  );
}

/**
 * The schedule's feed, by its full address once in the browser (the server's first screen, and the
 * app's hydration of it, have no host). On its own, so only these links re-render as the app takes over.
 */
function CalendarFeedLinks() {
  const hydrated = useHydrated();
  const host = hydrated ? window.location.host : '';
  const origin = hydrated ? window.location.origin : '';
  return (
    <p>
      <a className="btn btn--primary btn--small" href={`webcal://${host}/api/events/calendar.ics`}>
        Subscribe to calendar
      </a>{' '}
      <a className="link-btn" href={`${origin}/api/events/calendar.ics`}>
        Download the .ics feed
      </a>
    </p>
  );
}
