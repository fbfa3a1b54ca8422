import { useEffect } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
// Marker images imported through Vite so they are hashed, precached and survive the build.
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import {
  directionsUrl,
  formatLongDate,
  formatStopTimes,
  hasValidCoordinates,
  MAP_HEIGHT_PX,
  MAP_TILE_MAX_ZOOM,
  type MapConfig,
  type MapView,
  type ScheduledEvent,
} from '@cocoa/shared-types';
import { OrderAheadLink } from '../../order-ahead';

const markerIcon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

/** What the live marker's keyboard button and screen readers say. */
export const LIVE_MARKER_LABEL = 'The cart is here now';
/** Where the cart is now: a pulsing dot unlike the stops' pins, named for screen readers. */
const liveIcon = L.divIcon({
  className: 'live-marker',
  html: `<span class="live-marker__pulse" aria-hidden="true"></span><span class="live-marker__dot" aria-hidden="true"></span><span class="visually-hidden">${LIVE_MARKER_LABEL}</span>`,
  iconSize: [28, 28],
  iconAnchor: [14, 14],
  popupAnchor: [0, -14],
});

export interface LiveMarker {
  latitude: number;
  longitude: number;
  label: string;
  /** 'Serving now at Millennium Park' */
  headline: string;
}

/** Moves the map whenever the wanted view changes (chosen day, month, View on Map). */
function Recenter({ view, version }: { view: MapView; version: number }) {
  const map = useMap();
  const [lat, lng] = view.center;
  useEffect(() => {
    map.setView([lat, lng], view.zoom);
  }, [map, lat, lng, view.zoom, version]);
  return null;
}

interface Props {
  config: MapConfig;
  events: ScheduledEvent[];
  view: MapView;
  /** Bumped by View on Map so choosing the same event twice recentres again. */
  version: number;
  /** The cart's position now, while it is out. */
  live?: LiveMarker | null;
}

/** The 600 px map of the month's events, tiles from the server's TILE_URL. */
export default function TrackerMap({ config, events, view, version, live }: Props) {
  const located = events.filter(hasValidCoordinates) as Array<ScheduledEvent & { latitude: number; longitude: number }>;
  return (
    <MapContainer
      center={view.center}
      zoom={view.zoom}
      maxZoom={MAP_TILE_MAX_ZOOM}
      scrollWheelZoom={false}
      style={{ height: MAP_HEIGHT_PX, width: '100%' }}
      className="tracker-map"
    >
      <TileLayer url={config.tileUrl} attribution={config.attribution} maxZoom={Math.min(config.maxZoom, MAP_TILE_MAX_ZOOM)} crossOrigin="anonymous" />
      <Recenter view={view} version={version} />
      {located.map((event) => {
        const date = formatLongDate(event.date, event.timeZone);
        return (
          <Marker key={event.id} position={[event.latitude, event.longitude]} icon={markerIcon} title={event.title} alt={event.title}>
            <Popup>
              <div className="tracker-popup">
                <strong>{event.title}</strong>
                <div>{event.location || 'Location TBD'}</div>
                <div>{date === 'N/A' ? 'Date TBD' : date}</div>
                <div>Starts {formatStopTimes({ ...event, endTime: undefined })}</div>
                {event.description && <p>{event.description}</p>}
                <a href={directionsUrl(event.latitude, event.longitude)} target="_blank" rel="noopener noreferrer">
                  Get Directions
                </a>
                <OrderAheadLink stop={event} name={event.location || event.title} />
              </div>
            </Popup>
          </Marker>
        );
      })}
      {live && (
        <Marker position={[live.latitude, live.longitude]} icon={liveIcon} title={LIVE_MARKER_LABEL} zIndexOffset={1000}>
          <Popup>
            <div className="tracker-popup">
              <strong>{live.headline}</strong>
              <div>{live.label}</div>
              <a href={directionsUrl(live.latitude, live.longitude)} target="_blank" rel="noopener noreferrer">
                Get Directions
              </a>
            </div>
          </Popup>
        </Marker>
      )}
    </MapContainer>
  );
}
