import { MAP_TILE_MAX_ZOOM, type MapConfig } from '@cocoa/shared-types';

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** GET /api/events/map-config's answer: the tracker's map tiles from TILE_URL, never hard-coded in the PWA. */
export function mapConfigFor(tileUrl: string): MapConfig {
  return { tileUrl, attribution: OSM_ATTRIBUTION, maxZoom: MAP_TILE_MAX_ZOOM };
}
