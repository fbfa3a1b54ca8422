import {
  dayIn,
  EVENTS_PAGE_MAX,
  instantOf,
  type eventInputSchema,
  type eventsQuerySchema,
  noonOf,
  type ScheduledEvent,
  startOfDayIn,
  startOfMonthIn,
} from '@cocoa/shared-types';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Repository } from 'typeorm';
import type { z } from 'zod';
import { ConflictError, DomainError, NotFoundError } from '../common/domain-errors';
import { log } from '../common/logger';
import { PublicAnswerCache } from '../common/public-answer-cache';
import { GEOCODE_BACKGROUND_WAIT_MS, GeocodingService } from '../geocoding/geocoding.service';
import { JobsService } from '../jobs/jobs.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { CalendarEntity } from './calendar.entity';
import { ScheduledLocation } from './scheduled-location.entity';

type EventsQuery = z.output<typeof eventsQuerySchema>;
type EventInput = z.output<typeof eventInputSchema>;

export const LOCATION_NOT_FOUND = 'Location not found';
export const LOCATION_MANAGED_BY_FEED = 'LOCATION_MANAGED_BY_FEED';
export const LOCATION_MANAGED_BY_BOOKING = 'LOCATION_MANAGED_BY_BOOKING';

/** What a booking shows on the schedule (bookings/BookingMovesService decides public or private). */
export interface BookingStop {
  bookingReference: string;
  title: string;
  location: string | null;
  address: string | null;
  /** 'YYYY-MM-DD' in the shop's zone. */
  day: string;
  startTime: string;
  endTime: string;
}

/** `calendarName`: the feed a stop was imported from (null for stops the owner entered). */
export function toEventResponse(event: ScheduledLocation, timeZone: string, calendarName: string | null = null): ScheduledEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    address: event.place.address,
    date: event.date.toISOString(),
    startTime: event.startTime,
    endTime: event.endTime,
    latitude: event.place.latitude,
    longitude: event.place.longitude,
    timeZone,
    calendarName,
    takesOrders: event.takesOrders,
  };
}

/** `<date in ms>_<id>`: where the next page starts (dates are written from JS Dates, so milliseconds are exact). */
function eventsCursor(event: ScheduledLocation): string {
  return `${event.date.getTime()}_${event.id}`;
}

/** The queue that finds a booking stop's coordinates after its move committed. */
export const STOP_GEOCODE_JOB = 'events.geocode-stop';
interface StopGeocodeJob {
  stopId: number;
  address: string;
}

@Injectable()
export class EventsService implements OnModuleInit {
  constructor(
    @InjectRepository(ScheduledLocation) private readonly events: Repository<ScheduledLocation>,
    @InjectRepository(CalendarEntity) private readonly calendars: Repository<CalendarEntity>,
    private readonly geocoding: GeocodingService,
    private readonly shopTime: ShopTimeZoneService,
    private readonly jobs: JobsService,
    private readonly publicAnswers: PublicAnswerCache,
  ) {}

  async onModuleInit(): Promise<void> {
    // Nominatim's turn may be a while in coming (one request a second for the whole cluster): a busy
    // or failing geocoder is tried again later; an address it does not know leaves the stop without a pin.
    await this.jobs.work<StopGeocodeJob>(STOP_GEOCODE_JOB, ({ data }) => this.geocodeStop(data), { retryLimit: 5, retryDelay: 60, retryBackoff: true });
  }

  /**
   * One page of events from `from` (default: this month's first day) until `to` (exclusive), by
   * date then id, oldest first unless `order` is 'desc'. The cursor holds the date and id of the
   * previous page's last event (keyset on the (date, id) index, scanned either way), so a page
   * stays right when events before it are added or deleted.
   */
  async list(query: EventsQuery, now = new Date()): Promise<{ events: ScheduledEvent[]; nextCursor: string | null }> {
    const timeZone = await this.shopTime.current();
    const descending = query.order === 'desc';
    const direction = descending ? 'DESC' : 'ASC';
    const qb = this.events
      .createQueryBuilder('e')
      .where('e.date >= :from', { from: query.from ? atShopMidnight(query.from, timeZone) : startOfMonthIn(now, timeZone) })
      .orderBy('e.date', direction)
      .addOrderBy('e.id', direction)
      .take(query.limit + 1);
    if (query.to) qb.andWhere('e.date < :to', { to: atShopMidnight(query.to, timeZone) });
    if (query.cursor) {
      const [at, id] = query.cursor.split('_').map(Number);
      qb.andWhere(`(e.date, e.id) ${descending ? '<' : '>'} (:afterDate, :afterId)`, { afterDate: new Date(at), afterId: id });
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, query.limit);
    const feeds = await this.feedNames(page);
    return {
      events: page.map((e) => toEventResponse(e, timeZone, e.calendarId ? (feeds.get(e.calendarId) ?? null) : null)),
      nextCursor: rows.length > query.limit ? eventsCursor(page[page.length - 1]) : null,
    };
  }

  /**
   * Admin: a new location. Without coordinates, the address is geocoded when it can be. The form
   * sends noon of the chosen day as an instant; it is stored as noon of that day in the shop's
   * zone (the day the instant falls on there), so the day never depends on the tablet's zone.
   */
  async create(input: EventInput): Promise<ScheduledEvent> {
    const timeZone = await this.shopTime.current();
    const fields = await this.withCoordinates(input);
    const saved = await this.events.save(this.events.create({ ...fields, date: shopDay(input.date, timeZone) }));
    return toEventResponse(saved, timeZone);
  }

  /** Admin: replaces every field of a location (PUT). */
  async update(id: number, input: EventInput): Promise<ScheduledEvent> {
    const timeZone = await this.shopTime.current();
    const event = await this.findOrFail(id);
    await this.refuseManagedStop(event);
    const fields = await this.withCoordinates(input);
    Object.assign(event, { ...fields, date: shopDay(input.date, timeZone) });
    return toEventResponse(await this.events.save(event), timeZone);
  }

  async remove(id: number): Promise<void> {
    await this.refuseManagedStop(await this.findOrFail(id));
    const result = await this.events.delete({ id });
    if (!result.affected) throw new NotFoundError(LOCATION_NOT_FOUND, 'LOCATION_NOT_FOUND');
  }

  /**
   * A booking's stop, written in the caller's transaction (the booking's move): `stop` creates it
   * or brings the one at `stopId` in step (day, times, title, place); null removes it. Answers the
   * stop's id, or null when there is none. A stop whose address is new or changed loses its old
   * coordinates at once (a public stop turned private shows no pin at the venue) and, when it has
   * an address, a geocode job is queued in the same transaction: the pin appears once it is found.
   * The public answers (GET /api/events) are cleared by the write request that made the move.
   */
  async syncBookingStop(m: EntityManager, stopId: number | null, stop: BookingStop | null): Promise<number | null> {
    const repo = m.getRepository(ScheduledLocation);
    if (!stop) {
      if (stopId !== null) await repo.delete({ id: stopId });
      return null;
    }
    const timeZone = await this.shopTime.current(m);
    const fields = {
      title: stop.title,
      location: stop.location,
      date: noonOf(stop.day, timeZone),
      startTime: stop.startTime,
      endTime: stop.endTime,
      bookingReference: stop.bookingReference,
    };
    const existing = stopId !== null ? await repo.findOneBy({ id: stopId }) : null;
    const moved = !existing || existing.place.address !== stop.address;
    const place = moved ? { place: { address: stop.address, latitude: null, longitude: null } } : {};
    let id: number;
    if (existing) {
      await repo.update({ id: existing.id }, { ...fields, ...place });
      id = existing.id;
    } else id = (await repo.save(repo.create({ ...fields, ...place, description: null }))).id;
    if (moved && stop.address) await this.jobs.send<StopGeocodeJob>(STOP_GEOCODE_JOB, { stopId: id, address: stop.address }, { manager: m });
    return id;
  }

  /** The job: the address's coordinates, written only if the stop still has that address. */
  private async geocodeStop({ stopId, address }: StopGeocodeJob): Promise<void> {
    let found: { lat: number; lng: number };
    try {
      found = await this.geocoding.geocode(address, GEOCODE_BACKGROUND_WAIT_MS);
    } catch (err) {
      // No match: nothing to try again. Busy, down or refused: the queue tries again later.
      if (err instanceof DomainError && err.status === 404) {
        log('info', 'a booking stop’s address was not found by the geocoder: it has no pin', { stopId, address });
        return;
      }
      throw err;
    }
    const done = await this.events.update({ id: stopId, place: { address } }, { place: { latitude: found.lat, longitude: found.lng } });
    if (done.affected) this.publicAnswers.invalidate();
  }

  /** Events from the first day of last month on: the shop's published ICS feed. */
  async forFeed(timeZone: string, now = new Date()): Promise<ScheduledLocation[]> {
    return this.events
      .createQueryBuilder('e')
      .where('e.date >= :from', { from: startOfMonthIn(now, timeZone, -1) })
      .orderBy('e.date', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .take(EVENTS_PAGE_MAX)
      .getMany();
  }

  /**
   * The next `limit` stops from today on (the shop's day), soonest first: by day, then start time
   * (all-day stops last), then id. For the owner's summary.
   */
  async upcoming(limit: number, now = new Date()): Promise<ScheduledEvent[]> {
    const timeZone = await this.shopTime.current();
    const rows = await this.events
      .createQueryBuilder('e')
      .where('e.date >= :from', { from: startOfDayIn(now, timeZone) })
      .orderBy('e.date', 'ASC')
      .addOrderBy('e.startTime', 'ASC', 'NULLS LAST')
      .addOrderBy('e.id', 'ASC')
      .take(limit)
      .getMany();
    const feeds = await this.feedNames(rows);
    return rows.map((e) => toEventResponse(e, timeZone, e.calendarId ? (feeds.get(e.calendarId) ?? null) : null));
  }

  /** The stops on one day ('YYYY-MM-DD' in the shop's zone), by start time (all-day stops last): the bookings' clash warning. */
  async onDay(day: string): Promise<ScheduledEvent[]> {
    const timeZone = await this.shopTime.current();
    const noon = noonOf(day, timeZone);
    const rows = await this.events
      .createQueryBuilder('e')
      .where('e.date >= :from AND e.date < :to', { from: startOfDayIn(noon, timeZone), to: startOfDayIn(noon, timeZone, 1) })
      .orderBy('e.startTime', 'ASC', 'NULLS LAST')
      .addOrderBy('e.id', 'ASC')
      .getMany();
    return rows.map((e) => toEventResponse(e, timeZone));
  }

  /**
   * One of today's stops (the shop's day): where the owner may check in on the live tracker.
   * 404 when there is no such stop, 409 when it is on another day.
   */
  async todayStop(id: number, now = new Date()): Promise<ScheduledEvent> {
    const timeZone = await this.shopTime.current();
    const stop = await this.events.findOneBy({ id });
    if (!stop) throw new NotFoundError('That stop is not on the schedule. Choose one of today’s stops, or somewhere else.', 'STOP_NOT_FOUND');
    if (dayIn(stop.date, timeZone) !== dayIn(now, timeZone)) {
      throw new ConflictError(`“${stop.location ?? stop.title}” is not on today’s schedule. Choose one of today’s stops, or somewhere else.`, 'STOP_NOT_TODAY');
    }
    return toEventResponse(stop, timeZone);
  }

  /** The shop's zone in force (for callers that format stored wall times). */
  timeZone(): Promise<string> {
    return this.shopTime.current();
  }

  /**
   * A stop imported from a calendar feed belongs to the feed: the next poll would undo an edit here,
   * so edits and deletions are refused and the owner is sent to the calendar (or to removing it).
   * A booking's stop belongs to the booking in the same way: it is changed through the booking.
   */
  private async refuseManagedStop(event: ScheduledLocation): Promise<void> {
    if (event.bookingReference) {
      throw new ConflictError(
        `This stop shows booking ${event.bookingReference}: change or cancel the booking, or its "Show on the tracker" choice, in Bookings`,
        LOCATION_MANAGED_BY_BOOKING,
      );
    }
    if (!event.calendarId) return;
    const feed = await this.calendars.findOneBy({ id: event.calendarId });
    throw new ConflictError(
      `This stop comes from the calendar feed "${feed?.name ?? event.calendarId}": change it in that calendar, or remove the feed`,
      LOCATION_MANAGED_BY_FEED,
    );
  }

  /** The names of the feeds a page's imported stops come from. */
  private async feedNames(page: ScheduledLocation[]): Promise<Map<string, string>> {
    const ids = [...new Set(page.map((e) => e.calendarId).filter((id): id is string => id !== null))];
    if (!ids.length) return new Map();
    const feeds = await this.calendars.find({ select: { id: true, name: true }, where: { id: In(ids) } });
    return new Map(feeds.map((f) => [f.id, f.name]));
  }

  private async findOrFail(id: number): Promise<ScheduledLocation> {
    const event = await this.events.findOneBy({ id });
    if (!event) throw new NotFoundError(LOCATION_NOT_FOUND, 'LOCATION_NOT_FOUND');
    return event;
  }

  /** The form's fields as the entity keeps them, the address's coordinates geocoded when the form gave none. */
  private async withCoordinates(input: EventInput) {
    const { date: _date, address, latitude, longitude, ...fields } = input;
    if (latitude !== null && longitude !== null) return { ...fields, place: { address, latitude, longitude } };
    const found = await this.geocoding.tryGeocode(address);
    return { ...fields, place: { address, latitude: found?.lat ?? null, longitude: found?.lng ?? null } };
  }
}

/** Noon, in the shop's zone, of the day an instant falls on there. */
function shopDay(iso: string, timeZone: string): Date {
  return noonOf(dayIn(new Date(iso), timeZone), timeZone);
}

/** from/to: a date-time as given; a bare date (YYYY-MM-DD) is that day's midnight in the shop's zone. */
function atShopMidnight(value: string, timeZone: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const [year, month, day] = value.split('-').map(Number);
  return instantOf({ year, month, day, hour: 0, minute: 0 }, timeZone);
}
