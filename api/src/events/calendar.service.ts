import type { Calendar, CalendarStatus, InitCalendarResult } from '@cocoa/shared-types';
import { noonOf } from '@cocoa/shared-types';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, MoreThanOrEqual, Not, type Repository } from 'typeorm';
import { PublicAnswerCache } from '../common/public-answer-cache';
import { ConflictError, NotFoundError, UnprocessableError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import { type OutboundResponse, safeFetch } from '../common/outbound-fetch';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { GEOCODE_BACKGROUND_WAIT_MS, GeocodingService } from '../geocoding/geocoding.service';
import { JobsService } from '../jobs/jobs.service';
import { ShopIdentityService } from '../settings/shop-identity.service';
import { CalendarEntity } from './calendar.entity';
import { EventsService, LOCATION_NOT_FOUND } from './events.service';
import { type FeedOccurrence, type FeedReading, feedWindow, publishedCalendar, readFeed } from './ics';
import { ScheduledLocation } from './scheduled-location.entity';

/** The job that polls every active feed, and when it runs (every 15 minutes, once for the whole cluster). */
export const CALENDAR_POLL_JOB = 'calendar.poll';
const CALENDAR_POLL_CRON = '*/15 * * * *';
const FEED_TIMEOUT_MS = 15_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const CALENDAR_NOT_FOUND = 'Calendar not found';
/** Feeds are added one at a time by the owner and the status lists them all: their number is capped. */
export const CALENDAR_MAX = 50;

type Row = Pick<ScheduledLocation, 'title' | 'description' | 'location' | 'place' | 'date' | 'startTime' | 'endTime' | 'sourceUid' | 'calendarId'>;
interface FeedRead {
  timeZone: string;
  now: Date;
  reading: FeedReading;
}
/** Rows per INSERT ... ON CONFLICT statement (11 parameters each). */
const UPSERT_CHUNK = 200;

export function toCalendarResponse(c: CalendarEntity): Calendar {
  return { id: c.id, name: c.name, primary: c.primary, active: c.active, lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null, lastError: c.lastError };
}

/** A feed occurrence as a scheduled location of that feed (coordinates from GEO, else geocoded later). */
export function occurrenceToRow(o: FeedOccurrence, calendarId: string, timeZone: string): Row {
  return {
    title: o.title,
    description: o.description,
    // LOCATION is kept whole: the place as the feed names it, and the address that is geocoded.
    location: o.location?.slice(0, 200) ?? null,
    place: { address: o.location, latitude: o.geo?.latitude ?? null, longitude: o.geo?.longitude ?? null },
    date: noonOf(o.day, timeZone),
    startTime: o.startTime,
    endTime: o.endTime,
    sourceUid: o.key,
    calendarId,
  };
}

/**
 * Calendar feeds (ICS): the admin adds feed URLs; active ones are fetched every 15 minutes and on
 * demand. The 15-minute poll is a job-queue schedule (jobs/), so one replica polls per period
 * however many run; a poll still under way when the next comes due is not doubled (the queue holds
 * one waiting and one running). Each feed is read and expanded by ical.js (./ics) over its window
 * (30 days back to 12 months ahead) and its occurrences upserted as scheduled locations keyed by
 * (feed, UID + RECURRENCE-ID): a feed only ever writes and deletes its own stops. Stops of the feed
 * before the window are left as the record of where the shop was. Stops imported from a feed are the feed's:
 * the owner changes them in that calendar (EventsService refuses edits). The shop's own schedule is
 * published as an ICS feed (ical-generator).
 * Feeds are fetched by safeFetch (common/outbound-fetch): public addresses only, each redirect hop
 * checked, OUTBOUND_ALLOWLIST for exceptions. Adding a feed that cannot be fetched or is not a
 * calendar answers 422 with the reason and keeps nothing; a feed already added that later fails
 * keeps its stops and shows the reason as its lastError.
 */
@Injectable()
export class CalendarService implements OnModuleInit {
  private running: Promise<InitCalendarResult> | undefined;
  /** "Now" for the expansion window; tests fix it so a feed's occurrences are stable. */
  clock: () => Date = () => new Date();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(CalendarEntity) private readonly calendars: Repository<CalendarEntity>,
    @InjectRepository(ScheduledLocation) private readonly locations: Repository<ScheduledLocation>,
    private readonly dataSource: DataSource,
    private readonly geocoding: GeocodingService,
    private readonly events: EventsService,
    private readonly publicAnswers: PublicAnswerCache,
    private readonly jobs: JobsService,
    private readonly shopIdentity: ShopIdentityService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work(
      CALENDAR_POLL_JOB,
      async () => {
        await this.syncAll();
        // Not a request, so nothing else tells the answer cache (and the other replicas) the schedule moved.
        this.publicAnswers.invalidate();
      },
      // A failed feed is recorded on the feed and polled again next period: the job itself is not retried.
      { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60, pollingIntervalSeconds: 5 },
    );
    if (this.config.NODE_ENV === 'test') return; // tests sync on demand (or schedule the job themselves)
    await this.jobs.schedule(CALENDAR_POLL_JOB, CALENDAR_POLL_CRON);
  }

  async status(): Promise<CalendarStatus> {
    const all = await this.calendars.find({ order: { primary: 'DESC', createdAt: 'ASC' }, take: CALENDAR_MAX });
    return { status: statusOf(all), geocoding: this.geocoding.availability(), calendars: all.map(toCalendarResponse) };
  }

  /** Fetches every active feed now; one run at a time (a second caller shares the first). */
  syncAll(): Promise<InitCalendarResult> {
    this.running ??= this.runSyncAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async addCustom(id: string, name?: string): Promise<CalendarStatus> {
    if (await this.calendars.existsBy({ id })) throw new ConflictError('That calendar is already added', 'CALENDAR_EXISTS');
    if ((await this.calendars.count()) >= CALENDAR_MAX)
      throw new ConflictError(`At most ${CALENDAR_MAX} calendar feeds can be added. Remove one first.`, 'CALENDAR_LIMIT');
    // A feed that cannot be fetched or read is refused, not kept: the owner sees why at once.
    let read: FeedRead;
    try {
      read = await this.readOne(id);
    } catch (err) {
      throw new UnprocessableError(errorText(err), 'CALENDAR_FEED_UNUSABLE');
    }
    const hasPrimary = await this.calendars.existsBy({ primary: true });
    await this.calendars.insert({ id, name: name || new URL(id).hostname, primary: !hasPrimary, active: true });
    await this.syncOne(await this.calendars.findOneByOrFail({ id }), read);
    return this.status();
  }

  async setActive(id: string, active = true): Promise<CalendarStatus> {
    const calendar = await this.findOrFail(id);
    calendar.active = active;
    await this.calendars.save(calendar);
    if (active) await this.syncOne(calendar);
    return this.status();
  }

  async setPrimary(id: string): Promise<CalendarStatus> {
    await this.findOrFail(id);
    await this.dataSource.transaction(async (m) => {
      await m.update(CalendarEntity, { primary: true }, { primary: false });
      await m.update(CalendarEntity, { id }, { primary: true });
    });
    return this.status();
  }

  /** Removes the feed and the locations imported from it. */
  async removeCustom(id: string): Promise<CalendarStatus> {
    await this.findOrFail(id);
    await this.dataSource.transaction(async (m) => {
      await m.delete(ScheduledLocation, { calendarId: id });
      await m.delete(CalendarEntity, { id });
    });
    return this.status();
  }

  async publishedFeed(): Promise<string> {
    const timeZone = await this.events.timeZone();
    const [rows, shop] = await Promise.all([this.events.forFeed(timeZone), this.shopIdentity.get()]);
    return publishedCalendar(rows, {
      name: `${shop.name} events`,
      host: new URL(this.config.publicUrl).hostname,
      url: `${this.config.publicUrl}/cocoa-tracker`,
      timeZone,
    });
  }

  /** One stop as a single-event calendar ('Add to my calendar'), written like the published feed; a private booking's stop has no place. */
  async stopCalendar(id: number): Promise<string> {
    const stop = await this.locations.findOneBy({ id });
    if (!stop) throw new NotFoundError(LOCATION_NOT_FOUND, 'LOCATION_NOT_FOUND');
    const timeZone = await this.events.timeZone();
    return publishedCalendar([stop], {
      name: stop.title,
      host: new URL(this.config.publicUrl).hostname,
      url: `${this.config.publicUrl}/cocoa-tracker?stop=${stop.id}`,
      timeZone,
    });
  }

  private async runSyncAll(): Promise<InitCalendarResult> {
    const active = await this.calendars.findBy({ active: true });
    const total = { imported: 0, updated: 0, failed: 0 };
    for (const calendar of active) {
      const r = await this.syncOne(calendar);
      total.imported += r.imported;
      total.updated += r.updated;
      total.failed += r.failed;
    }
    return { ...total, status: statusOf(await this.calendars.find()) };
  }

  /**
   * Fetch, expand, geocode (outside any transaction), then write the feed's occurrences in one:
   * upserted by (feed, key); the feed's stops in the window that it no longer lists (dropped,
   * cancelled, or kept under an older key) are deleted. Other feeds' stops are never touched.
   */
  private async syncOne(calendar: CalendarEntity, read?: FeedRead): Promise<{ imported: number; updated: number; failed: number }> {
    try {
      const { timeZone, now, reading } = read ?? (await this.readOne(calendar.id));
      if (reading.truncated)
        log('warn', 'calendar feed over the occurrence cap', { calendar: calendar.id, kept: reading.occurrences.length, dropped: reading.truncated });
      const rows = reading.occurrences.map((o) => occurrenceToRow(o, calendar.id, timeZone));
      const keys = rows.map((r) => r.sourceUid as string);
      const current = new Set(keys);
      const existing = await this.locations.find({
        select: { sourceUid: true, place: { address: true, latitude: true, longitude: true } },
        where: { calendarId: calendar.id },
      });
      const known = new Set(existing.map((e) => e.sourceUid));
      await this.addCoordinates(rows, existing);
      const { from } = feedWindow(now, timeZone);
      await this.dataSource.transaction(async (m) => {
        for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
          await m.upsert(ScheduledLocation, rows.slice(i, i + UPSERT_CHUNK), { conflictPaths: ['calendarId', 'sourceUid'] });
        }
        // The feed is the truth for its window: what it no longer lists there goes.
        await m.delete(ScheduledLocation, { calendarId: calendar.id, date: MoreThanOrEqual(from), ...(keys.length ? { sourceUid: Not(In(keys)) } : {}) });
        // A series imported under the old key (its bare UID, one stop on its first date) goes too, however old.
        const series = [...new Set(keys.filter((k) => k.includes('#')).map((k) => k.slice(0, k.indexOf('#'))))].filter((uid) => !current.has(uid));
        if (series.length) await m.delete(ScheduledLocation, { calendarId: calendar.id, sourceUid: In(series) });
        await m.update(CalendarEntity, { id: calendar.id }, { lastSyncedAt: new Date(), lastError: null });
      });
      const updated = keys.filter((k) => known.has(k)).length;
      const result = { imported: rows.length - updated, updated, failed: reading.skipped + reading.truncated };
      log('info', 'calendar synced', { calendar: calendar.id, ...result });
      return result;
    } catch (err) {
      const message = errorText(err);
      log('warn', 'calendar sync failed', { calendar: calendar.id, error: message });
      await this.calendars.update({ id: calendar.id }, { lastError: message.slice(0, 500) });
      return { imported: 0, updated: 0, failed: 1 };
    }
  }

  /** Fetches and expands the feed over its window as of now (throws with the reason it is unusable). */
  private async readOne(url: string): Promise<FeedRead> {
    const timeZone = await this.events.timeZone();
    const now = this.clock();
    return { timeZone, now, reading: readFeed(await this.fetchFeed(url), { timeZone, now }) };
  }

  /**
   * Coordinates for rows without GEO: one lookup per distinct address (a weekly series at one
   * place is geocoded once), reusing what this feed's stops at that address already have.
   */
  private async addCoordinates(rows: Row[], existing: Array<Pick<ScheduledLocation, 'place'>>): Promise<void> {
    const byAddress = new Map<string, { lat: number; lng: number } | null>();
    for (const { place } of existing) {
      if (place.address && place.latitude !== null && place.longitude !== null) byAddress.set(place.address, { lat: place.latitude, lng: place.longitude });
    }
    for (const { place } of rows) {
      if (place.latitude !== null || !place.address) continue;
      if (!byAddress.has(place.address)) byAddress.set(place.address, await this.geocoding.tryGeocode(place.address, GEOCODE_BACKGROUND_WAIT_MS));
      const found = byAddress.get(place.address);
      if (found) {
        place.latitude = found.lat;
        place.longitude = found.lng;
      }
    }
  }

  /** The feed's text, fetched under the outbound rules (common/outbound-fetch): public addresses only, every redirect hop checked. */
  private async fetchFeed(url: string): Promise<string> {
    let res: OutboundResponse;
    try {
      res = await safeFetch(url, {
        allow: this.config.OUTBOUND_ALLOWLIST,
        timeoutMs: FEED_TIMEOUT_MS,
        maxBytes: FEED_MAX_BYTES,
        headers: { Accept: 'text/calendar, */*', 'User-Agent': `CocoaShop/0.1 (+${this.config.publicUrl})` },
      });
    } catch (err) {
      throw new Error(`Could not fetch the feed: ${errorText(err)}`);
    }
    if (!res.ok) throw new Error(`The feed answered HTTP ${res.status}`);
    const text = res.body.toString('utf8');
    if (!/BEGIN:VCALENDAR/i.test(text)) throw new Error('Not an iCalendar feed');
    return text;
  }

  private async findOrFail(id: string): Promise<CalendarEntity> {
    const calendar = await this.calendars.findOneBy({ id });
    if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND, 'CALENDAR_NOT_FOUND');
    return calendar;
  }
}

/** connected: every active feed synced cleanly; error: none did; partial: some; disconnected: none active. */
export function statusOf(calendars: CalendarEntity[]): CalendarStatus['status'] {
  const active = calendars.filter((c) => c.active);
  if (active.length === 0) return 'disconnected';
  const ok = active.filter((c) => c.lastSyncedAt && !c.lastError).length;
  return ok === active.length ? 'connected' : ok === 0 ? 'error' : 'partial';
}
