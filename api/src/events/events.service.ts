import { EVENTS_PAGE_MAX, type eventInputSchema, type eventsQuerySchema, type ScheduledEvent } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { z } from 'zod';
import { NotFoundError } from '../common/domain-errors';
import { GeocodingService } from '../geocoding/geocoding.service';
import { ScheduledLocation } from './scheduled-location.entity';

type EventsQuery = z.output<typeof eventsQuerySchema>;
type EventInput = z.output<typeof eventInputSchema>;

export const LOCATION_NOT_FOUND = 'Location not found';

export function toEventResponse(event: ScheduledLocation): ScheduledEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    address: event.address,
    date: event.date.toISOString(),
    startTime: event.startTime,
    endTime: event.endTime,
    latitude: event.latitude,
    longitude: event.longitude,
  };
}

/** `<date in ms>_<id>`: where the next page starts (dates are written from JS Dates, so milliseconds are exact). */
function eventsCursor(event: ScheduledLocation): string {
  return `${event.date.getTime()}_${event.id}`;
}

/** The first day of the month `now` falls in, at local midnight. */
export function startOfMonth(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), 1);
}

@Injectable()
export class EventsService {
  constructor(
    @InjectRepository(ScheduledLocation) private readonly events: Repository<ScheduledLocation>,
    private readonly geocoding: GeocodingService,
  ) {}

  /**
   * One page of events from `from` (default: this month's first day) until `to` (exclusive), by
   * date then id, oldest first unless `order` is 'desc'. The cursor holds the date and id of the
   * previous page's last event (keyset on the (date, id) index, scanned either way), so a page
   * stays right when events before it are added or deleted.
   */
  async list(query: EventsQuery, now = new Date()): Promise<{ events: ScheduledEvent[]; nextCursor: string | null }> {
    const descending = query.order === 'desc';
    const direction = descending ? 'DESC' : 'ASC';
    const qb = this.events
      .createQueryBuilder('e')
      .where('e.date >= :from', { from: query.from ?? startOfMonth(now) })
      .orderBy('e.date', direction)
      .addOrderBy('e.id', direction)
      .take(query.limit + 1);
    if (query.to) qb.andWhere('e.date < :to', { to: query.to });
    if (query.cursor) {
      const [at, id] = query.cursor.split('_').map(Number);
      qb.andWhere(`(e.date, e.id) ${descending ? '<' : '>'} (:afterDate, :afterId)`, { afterDate: new Date(at), afterId: id });
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, query.limit);
    return { events: page.map(toEventResponse), nextCursor: rows.length > query.limit ? eventsCursor(page[page.length - 1]) : null };
  }

  /** Admin: a new location. Without coordinates, the address is geocoded when it can be. */
  async create(input: EventInput): Promise<ScheduledEvent> {
    const fields = await this.withCoordinates(input);
    const saved = await this.events.save(this.events.create({ ...fields, date: new Date(input.date) }));
    return toEventResponse(saved);
  }

  /** Admin: replaces every field of a location (PUT). */
  async update(id: number, input: EventInput): Promise<ScheduledEvent> {
    const event = await this.findOrFail(id);
    const fields = await this.withCoordinates(input);
    Object.assign(event, { ...fields, date: new Date(input.date) });
    return toEventResponse(await this.events.save(event));
  }

  async remove(id: number): Promise<void> {
    const result = await this.events.delete({ id });
    if (!result.affected) throw new NotFoundError(LOCATION_NOT_FOUND, 'LOCATION_NOT_FOUND');
  }

  /** Events from the first day of last month on: the shop's published ICS feed. */
  async forFeed(now = new Date()): Promise<ScheduledLocation[]> {
    return this.events
      .createQueryBuilder('e')
      .where('e.date >= :from', { from: new Date(now.getFullYear(), now.getMonth() - 1, 1) })
      .orderBy('e.date', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .take(EVENTS_PAGE_MAX)
      .getMany();
  }

  private async findOrFail(id: number): Promise<ScheduledLocation> {
    const event = await this.events.findOneBy({ id });
    if (!event) throw new NotFoundError(LOCATION_NOT_FOUND, 'LOCATION_NOT_FOUND');
    return event;
  }

  private async withCoordinates(input: EventInput): Promise<Omit<EventInput, 'date'>> {
    const { date: _date, ...fields } = input;
    if (fields.latitude !== null && fields.longitude !== null) return fields;
    const found = await this.geocoding.tryGeocode(fields.address);
    return found ? { ...fields, latitude: found.lat, longitude: found.lng } : { ...fields, latitude: null, longitude: null };
  }
}
