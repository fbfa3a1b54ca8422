import { eventsQuerySchema, type ScheduledEvent } from '@cocoa/shared-types';
import { Controller, Get, Header, Query } from '@nestjs/common';
import { createZodDto } from '../common/zod-validation.pipe';
import { EventsService } from './events.service';

export class EventsQueryDto extends createZodDto(eventsQuerySchema) {}

@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** Public: the tracker's calendar and map. Revalidated with the ETag each time. */
  @Get()
  @Header('Cache-Control', 'no-cache')
  list(@Query() query: EventsQueryDto): Promise<ScheduledEvent[]> {
    return this.events.list(query);
  }
}
