import type { Calendar, CalendarStatus, InitCalendarResult } from '@cocoa/shared-types';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Not, type Repository } from 'typeorm';
import { PublicAnswerCache } from '../common/public-answer-cache';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { GeocodingService } from '../geocoding/geocoding.service';
import { CalendarEntity } from './calendar.entity';
import { EventsService } from './events.service';
import { generateIcs, type IcsDateTime, type IcsEvent, type IcsOutEvent, parseIcs, wallTime } from './ics';
import { ScheduledLocation } from './scheduled-location.entity';

export const CALENDAR_POLL_MS = 15 * 60 * 1000;
const FEED_TIMEOUT_MS = 15_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const CALENDAR_NOT_FOUND = 'Calendar not found';
/** Feeds are added one at a time by the owner and the status lists them all: their number is capped. */
export const CALENDAR_MAX = 50;

type Row = Pick<ScheduledLocation, 'title' | 'description' | 'location' | 'address' | 'date' | 'startTime' | 'endTime' | 'latitude' | 'longitude' | 'sourceUid' | 'calendarId'>;

export function toCalendarResponse(c: CalendarEntity): Calendar {
  return { id: c.id, name: c.name, primary: c.primary, active: c.active, lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null, lastError: c.lastError };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of a feed date-time: 'Z' values are shown in the server's time zone. */
function wall(dt: IcsDateTime) {
  return dt.utc && !dt.allDay ? wallTime(new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute)), undefined) : dt;
}

/** A feed VEVENT as a scheduled location (without coordinates when it has no GEO). */
export function icsEventToRow(e: IcsEvent, calendarId: string): Row | null {
  if (!e.start) return null;
  const start = wall(e.start);
  const end = e.end && !e.end.allDay ? wall(e.end) : null;
  const place = e.location?.trim() || null;
  // "Name, street, city": the first part names the place, the whole is the address.
  const name = place && place.includes(',') ? place.split(',')[0].trim() : place;
  return {
    title: (e.summary ?? 'Untitled event').slice(0, 200),
    description: e.description?.slice(0, 5000) ?? null,
    location: name?.slice(0, 200) || null,
    address: place?.slice(0, 500) ?? null,
    date: new Date(start.year, start.month - 1, start.day, 12),
    startTime: e.start.allDay ? null : `${pad(start.hour)}:${pad(start.minute)}`,
    endTime: end ? `${pad(end.hour)}:${pad(end.minute)}` : null,
    latitude: e.geo?.latitude ?? null,
    longitude: e.geo?.longitude ?? null,
    sourceUid: (e.recurrenceId ? `${e.uid}#${e.recurrenceId}` : e.uid).slice(0, 1000),
    calendarId,
  };
}

/**
 * Calendar feeds (ICS): the admin adds feed URLs; active ones are fetched every 15 minutes and on
 * demand, and their VEVENTs are upserted as scheduled locations keyed by UID. The shop's own
 * schedule is published as an ICS feed.
 */
@Injectable()
export class CalendarService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<InitCalendarResult> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(CalendarEntity) private readonly calendars: Repository<CalendarEntity>,
    @InjectRepository(ScheduledLocation) private readonly locations: Repository<ScheduledLocation>,
    private readonly dataSource: DataSource,
    private readonly geocoding: GeocodingService,
    private readonly events: EventsService,
    private readonly publicAnswers: PublicAnswerCache,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV === 'test') return; // tests sync on demand
    // Not a request, so nothing else tells the answer cache (and the other replicas) the schedule moved.
    this.timer = setInterval(() => void this.syncAll().then(() => this.publicAnswers.invalidate()).catch(() => undefined), CALENDAR_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
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
    if ((await this.calendars.count()) >= CALENDAR_MAX) throw new ConflictError(`At most ${CALENDAR_MAX} calendar feeds can be added. Remove one first.`, 'CALENDAR_LIMIT');
    const hasPrimary = await this.calendars.existsBy({ primary: true });
    await this.calendars.insert({ id, name: name || new URL(id).hostname, primary: !hasPrimary, active: true });
    await this.syncOne((await this.calendars.findOneByOrFail({ id })));
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
    const host = new URL(this.config.publicUrl).hostname;
    const rows = await this.events.forFeed();
    return generateIcs('Cocoa Shop events', rows.map((r) => toIcsOut(r, host, `${this.config.publicUrl}/cocoa-tracker`)));
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

  /** Fetch, parse, geocode (outside any transaction), then write the feed's events in one. */
  private async syncOne(calendar: CalendarEntity): Promise<{ imported: number; updated: number; failed: number }> {
    try {
      const parsed = parseIcs(await this.fetchFeed(calendar.id));
      const cancelled = new Set<string>();
      const rows: Row[] = [];
      let failed = 0;
      for (const e of parsed) {
        const row = icsEventToRow(e, calendar.id);
        if (!row) failed++;
        else if (e.status === 'CANCELLED') cancelled.add(row.sourceUid as string);
        else rows.push(row);
      }
      const existing = rows.length
        ? await this.locations.findBy({ sourceUid: In(rows.map((r) => r.sourceUid as string)) })
        : [];
      const byUid = new Map(existing.map((e) => [e.sourceUid, e]));
      for (const row of rows) {
        if (row.latitude !== null) continue;
        const before = byUid.get(row.sourceUid);
        if (before && before.address === row.address && before.latitude !== null && before.longitude !== null) {
          row.latitude = before.latitude;
          row.longitude = before.longitude;
          continue;
        }
        const found = await this.geocoding.tryGeocode(row.address);
        if (found) {
          row.latitude = found.lat;
          row.longitude = found.lng;
        }
      }
      const keep = rows.map((r) => r.sourceUid as string);
      await this.dataSource.transaction(async (m) => {
        for (const row of rows) await m.upsert(ScheduledLocation, row, { conflictPaths: ['sourceUid'] });
        // The feed is the truth: events it no longer lists, or lists as cancelled, go.
        await m.delete(ScheduledLocation, keep.length ? { calendarId: calendar.id, sourceUid: Not(In(keep)) } : { calendarId: calendar.id });
        if (cancelled.size) await m.delete(ScheduledLocation, { sourceUid: In([...cancelled]) });
        await m.update(CalendarEntity, { id: calendar.id }, { lastSyncedAt: new Date(), lastError: null });
      });
      const result = { imported: rows.length - existing.length, updated: existing.length, failed };
      log('info', 'calendar synced', { calendar: calendar.id, ...result });
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log('warn', 'calendar sync failed', { calendar: calendar.id, error: message });
      await this.calendars.update({ id: calendar.id }, { lastError: message.slice(0, 500) });
      return { imported: 0, updated: 0, failed: 1 };
    }
  }

  private async fetchFeed(url: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { Accept: 'text/calendar, */*', 'User-Agent': `CocoaShop/0.1 (+${this.config.publicUrl})` }, signal: AbortSignal.timeout(FEED_TIMEOUT_MS), redirect: 'follow' });
    } catch (err) {
      throw new Error(`Could not fetch the feed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new Error(`The feed answered HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > FEED_MAX_BYTES) throw new Error('The feed is too large');
    const text = await res.text();
    if (Buffer.byteLength(text) > FEED_MAX_BYTES) throw new Error('The feed is too large');
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

const compact = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/** A scheduled location as a published VEVENT; times are the server's local wall time, sent as UTC. */
export function toIcsOut(r: ScheduledLocation, host: string, url: string): IcsOutEvent {
  const day = r.date;
  const at = (hhmm: string) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
  let start: Date | string;
  let end: Date | string;
  if (r.startTime) {
    start = at(r.startTime);
    end = r.endTime ? at(r.endTime) : new Date(start.getTime() + 60 * 60 * 1000);
    if (end <= start) end = new Date(end.getTime() + 24 * 60 * 60 * 1000);
  } else {
    start = compact(day);
    end = compact(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1));
  }
  const place = r.location && r.address && !r.address.startsWith(r.location) ? `${r.location}, ${r.address}` : (r.address ?? r.location);
  return {
    uid: `scheduled-location-${r.id}@${host}`,
    stamp: r.updatedAt,
    summary: r.title,
    description: r.description,
    location: place,
    geo: r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude } : null,
    start,
    end,
    url,
  };
}
