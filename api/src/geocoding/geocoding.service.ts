import { type GeocodeTestResult, normaliseAddress } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError, UnavailableError, UpstreamError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import { sharedLimiter, type SharedLimiter } from '../common/rate-limit.guard';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { SettingsService } from '../settings/settings.service';
import { GeocodeCacheEntry } from './geocode-cache.entity';

export const GEOCODE_FAILED = 'Failed to geocode address';
export const GOOGLE_KEY_SETTING = 'GOOGLE_GEOCODING_API_KEY';
export const GOOGLE_GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** Nominatim's usage policy: at most one request a second. */
export const NOMINATIM_MIN_INTERVAL_MS = 1000;
/**
 * Added to the second between two turns: the hop from the gate to Nominatim is not instant, and on
 * a busy machine two hops differed by more than 50 ms, so two requests reached it 986 ms apart.
 */
const GATE_MARGIN_MS = 150;
/** How long the owner's own lookup (the location form, the test button) may wait for its turn. */
export const GEOCODE_WAIT_MS = 5_000;
/** How long a lookup of a calendar import may wait (it runs in the background, address after address). */
export const GEOCODE_BACKGROUND_WAIT_MS = 60_000;
export const GEOCODER_BUSY = 'The geocoder takes one request a second and is busy with others. Please try again in a few seconds.';
const TIMEOUT_MS = 10_000;

/** A reverse lookup: a short name for a position (the place's name, or house number and road) and its full address. */
export interface ReverseGeocoded {
  label: string;
  address: string;
  cached: boolean;
}
export const REVERSE_GEOCODE_FAILED = 'We could not find a name for this place. Please type one.';
/** Positions are looked up (and cached) to 4 decimals, about 11 m: a tablet's reading wanders more than that. */
const REVERSE_DECIMALS = 4;
const REVERSE_LABEL_MAX = 200;
const REVERSE_ADDRESS_MAX = 500;
/** Cache key of a reverse lookup; upper case, so no normalised address (always lower case) can take it. */
const reverseKeyOf = (lat: number, lng: number): string => `REVERSE ${lat.toFixed(REVERSE_DECIMALS)},${lng.toFixed(REVERSE_DECIMALS)}`;

export interface Geocoded {
  lat: number;
  lng: number;
  address: string;
  provider: 'nominatim' | 'google';
  cached: boolean;
}

/** Cache key: case and spacing do not make a different address (the shared rule), at most 500 characters. */
const cacheKeyOf = (address: string): string => normaliseAddress(address).slice(0, 500);

/**
 * Address → coordinates. OpenStreetMap Nominatim (GEOCODER_URL) by default, with a User-Agent
 * naming the shop and at most one request a second from the whole cluster: each request first
 * takes its turn at a gate in PostgreSQL (rate-limiter-flexible's PostgreSQL store, the
 * `rate_limits` table, one point per 1.15 s), so replicas never add up to more. Lookups of this
 * process queue in order and only the first asks the gate. The owner's lookups wait up to 5 s for
 * a turn and are answered 503 'The geocoder … is busy' beyond that; a calendar import waits up to a
 * minute per address. Google's API (a key saved in settings) is not gated. Every answer is cached in
 * `geocode_cache`, so an address costs one lookup.
 */
@Injectable()
export class GeocodingService {
  /** This process's lookups waiting for the gate, in order: only the first of them asks it. */
  private nominatimQueue: Promise<void> = Promise.resolve();
  /** Nominatim's turns, shared by every replica. */
  private readonly gate: SharedLimiter;
  private lastFailureAt = 0;
  /** Google's endpoint; tests point it at a local double. */
  googleUrl = GOOGLE_GEOCODE_URL;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(GeocodeCacheEntry) private readonly cache: Repository<GeocodeCacheEntry>,
    private readonly settings: SettingsService,
    @Inject(DB_POOL) db: DatabasePool,
  ) {
    this.gate = sharedLimiter(db, 'nominatim', { points: 1, durationMs: NOMINATIM_MIN_INTERVAL_MS + GATE_MARGIN_MS });
  }

  /** `maxWaitMs`: how long it may wait for Nominatim's turn (503 beyond it). */
  async geocode(address: string, maxWaitMs = GEOCODE_WAIT_MS): Promise<Geocoded> {
    const query = cacheKeyOf(address);
    const hit = await this.cache.findOneBy({ query });
    if (hit) return { lat: hit.latitude, lng: hit.longitude, address: hit.displayName, provider: hit.provider, cached: true };

    const apiKey = await this.settings.openSecret(await this.settings.get(GOOGLE_KEY_SETTING), GOOGLE_KEY_SETTING);
    const found = apiKey ? await this.google(address, apiKey) : await this.nominatim(address, maxWaitMs);
    await this.cache.upsert(
      { query, provider: found.provider, latitude: found.lat, longitude: found.lng, displayName: found.address },
      { conflictPaths: ['query'] },
    );
    return { ...found, cached: false };
  }

  /**
   * Position → a short name and the address (Nominatim's /reverse), for the owner's check-in
   * "somewhere else": through the same cluster-wide gate and the same cache as `geocode`, keyed by
   * the position rounded to about 11 m. Nominatim only (a Google key is not used here). 404 when
   * no place is known there, 502 when the geocoder fails, 503 when it is busy.
   */
  async reverse(latitude: number, longitude: number, maxWaitMs = GEOCODE_WAIT_MS): Promise<ReverseGeocoded> {
    const lat = Number(latitude.toFixed(REVERSE_DECIMALS));
    const lng = Number(longitude.toFixed(REVERSE_DECIMALS));
    const query = reverseKeyOf(lat, lng);
    const hit = await this.cache.findOneBy({ query });
    if (hit) return { label: hit.label ?? hit.displayName, address: hit.displayName, cached: true };

    const url = new URL('reverse', this.config.GEOCODER_URL.replace(/\/*$/, '/'));
    url.search = new URLSearchParams({ lat: String(lat), lon: String(lng), format: 'jsonv2', addressdetails: '1', zoom: '18' }).toString();
    let body: unknown;
    try {
      body = await this.throttled(() => this.getJson(url), maxWaitMs);
    } catch (err) {
      if (err instanceof UpstreamError) throw new UpstreamError(REVERSE_GEOCODE_FAILED, 'GEOCODER_FAILED');
      throw err;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      this.lastFailureAt = Date.now();
      throw new UpstreamError(REVERSE_GEOCODE_FAILED, 'GEOCODER_FAILED');
    }
    const found = reverseAnswer(body);
    if (!found) throw new DomainError(REVERSE_GEOCODE_FAILED, 'GEOCODE_NO_MATCH', 404);
    await this.cache.upsert(
      { query, provider: 'nominatim', latitude: lat, longitude: lng, displayName: found.address, label: found.label },
      { conflictPaths: ['query'] },
    );
    return { ...found, cached: false };
  }

  /** Never throws: for callers where coordinates are a bonus (calendar import, admin save). */
  async tryGeocode(address: string | null | undefined, maxWaitMs = GEOCODE_WAIT_MS): Promise<Geocoded | null> {
    if (!address || address.trim().length < 3) return null;
    try {
      return await this.geocode(address, maxWaitMs);
    } catch (err) {
      log('warn', 'geocoding failed', { address, error: errorText(err) });
      return null;
    }
  }

  async setGoogleKey(apiKey: string): Promise<{ provider: 'nominatim' | 'google' }> {
    // Encrypted at rest like the other provider secrets; never sent back to a browser.
    if (apiKey) await this.settings.setSecret(GOOGLE_KEY_SETTING, apiKey);
    else await this.settings.remove(GOOGLE_KEY_SETTING);
    // Another provider (or key) has not failed yet: the admin's status says available until it does.
    this.lastFailureAt = 0;
    return { provider: apiKey ? 'google' : 'nominatim' };
  }

  /** Unavailable for a minute after an upstream failure; available otherwise. */
  availability(): 'available' | 'unavailable' {
    return Date.now() - this.lastFailureAt < 60_000 ? 'unavailable' : 'available';
  }

  toTestResult(found: Geocoded): GeocodeTestResult {
    return { coordinates: { lat: found.lat, lng: found.lng }, address: found.address, provider: found.provider, cached: found.cached };
  }

  private async nominatim(address: string, maxWaitMs: number): Promise<Omit<Geocoded, 'cached'>> {
    const url = new URL('search', this.config.GEOCODER_URL.replace(/\/*$/, '/'));
    url.search = new URLSearchParams({ q: address, format: 'jsonv2', limit: '1', addressdetails: '0' }).toString();
    const body = await this.throttled(() => this.getJson(url), maxWaitMs);
    const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown; display_name?: unknown } | undefined) : undefined;
    if (!first) throw new DomainError(GEOCODE_FAILED, 'GEOCODE_NO_MATCH', 404);
    return {
      ...coordinates(Number(first.lat), Number(first.lon)),
      address: typeof first.display_name === 'string' ? first.display_name : address,
      provider: 'nominatim',
    };
  }

  private async google(address: string, key: string): Promise<Omit<Geocoded, 'cached'>> {
    const url = new URL(this.googleUrl);
    url.search = new URLSearchParams({ address, key }).toString();
    const body = (await this.getJson(url)) as {
      status?: string;
      results?: Array<{ formatted_address?: string; geometry?: { location?: { lat?: number; lng?: number } } }>;
    };
    if (body.status === 'ZERO_RESULTS') throw new DomainError(GEOCODE_FAILED, 'GEOCODE_NO_MATCH', 404);
    const first = body.results?.[0];
    if (body.status !== 'OK' || !first?.geometry?.location) {
      this.lastFailureAt = Date.now();
      throw new UpstreamError(GEOCODE_FAILED, 'GEOCODER_FAILED');
    }
    return {
      ...coordinates(Number(first.geometry.location.lat), Number(first.geometry.location.lng)),
      address: first.formatted_address ?? address,
      provider: 'google',
    };
  }

  /** Runs `call` once the cluster-wide gate gives this process a turn (503 if none comes within `maxWaitMs`). */
  private throttled<T>(call: () => Promise<T>, maxWaitMs: number): Promise<T> {
    const deadline = Date.now() + maxWaitMs;
    const turn = this.nominatimQueue.then(() => this.takeTurn(deadline));
    this.nominatimQueue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn.then(call);
  }

  private async takeTurn(deadline: number): Promise<void> {
    for (;;) {
      const wait = await this.gate.tryTake('requests');
      if (wait === 0) return;
      if (Date.now() + wait > deadline) throw new UnavailableError(GEOCODER_BUSY, 'GEOCODER_BUSY');
      // A little jitter, so replicas waiting for the same turn do not all ask at the same instant.
      await new Promise((resolve) => setTimeout(resolve, wait + Math.floor(Math.random() * 20)));
    }
  }

  private async getJson(url: URL): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'User-Agent': `CocoaShop/0.1 (+${this.config.publicUrl})`, Accept: 'application/json', Referer: this.config.publicUrl },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      this.lastFailureAt = Date.now();
      log('warn', 'geocoder unreachable', { host: url.host, error: errorText(err) });
      throw new UpstreamError(GEOCODE_FAILED, 'GEOCODER_FAILED');
    }
    if (!res.ok) {
      this.lastFailureAt = Date.now();
      log('warn', 'geocoder answered an error', { host: url.host, status: res.status });
      throw new UpstreamError(GEOCODE_FAILED, 'GEOCODER_FAILED');
    }
    try {
      return await res.json();
    } catch {
      this.lastFailureAt = Date.now();
      throw new UpstreamError(GEOCODE_FAILED, 'GEOCODER_FAILED');
    }
  }
}

/** Nominatim's reverse answer: the place's name, else house number and road, else the first part of its display name. */
function reverseAnswer(body: object): { label: string; address: string } | null {
  const place = body as { error?: unknown; name?: unknown; display_name?: unknown; address?: Record<string, unknown> };
  if (place.error !== undefined || typeof place.display_name !== 'string' || !place.display_name.trim()) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const road = text(place.address?.road) || text(place.address?.pedestrian) || text(place.address?.footway);
  const street = [text(place.address?.house_number), road].filter(Boolean).join(' ');
  const label = text(place.name) || street || place.display_name.split(',')[0].trim();
  return { label: label.slice(0, REVERSE_LABEL_MAX), address: place.display_name.trim().slice(0, REVERSE_ADDRESS_MAX) };
}

function coordinates(lat: number, lng: number): { lat: number; lng: number } {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new UpstreamError(GEOCODE_FAILED, 'GEOCODER_FAILED');
  }
  return { lat, lng };
}
