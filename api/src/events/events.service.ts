import type { eventsQuerySchema, ScheduledEvent } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { z } from 'zod';
import { ScheduledLocation } from './scheduled-location.entity';

type EventsQuery = z.output<typeof eventsQuerySchema>;

/** The most events one answer carries. */
export const EVENT_LIST_MAX = 500;

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

/** The first day of the month `now` falls in, at local midnight. */
export function startOfMonth(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), 1);
}

@Injectable()
export class EventsService {
  constructor(@InjectRepository(ScheduledLocation) private readonly events: Repository<ScheduledLocation>) {}

  /** Events from `from` (default: this month's first day) until `to` (exclusive), by date. */
  async list(query: EventsQuery, now = new Date()): Promise<ScheduledEvent[]> {
    const qb = this.events
      .createQueryBuilder('e')
      .where('e.date >= :from', { from: query.from ?? startOfMonth(now) })
      .orderBy('e.date', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .take(EVENT_LIST_MAX);
    if (query.to) qb.andWhere('e.date < :to', { to: query.to });
    return (await qb.getMany()).map(toEventResponse);
  }
}
