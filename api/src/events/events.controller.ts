import { eventInputSchema, eventInquirySchema, eventsQuerySchema, type MapConfig, NEXT_CURSOR_HEADER, type ScheduledEvent } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { IdParamDto } from '../common/id-param.dto';
import { AdminRecords } from '../common/admin-routes';
import { PublicAnswer } from '../common/public-answer.decorator';
import { RateLimit } from '../common/rate-limit.guard';
import { createZodDto } from '../common/zod-validation.pipe';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { CalendarService } from './calendar.service';
import { EventInquiriesService } from './event-inquiries.service';
import { EventsService } from './events.service';
import { mapConfigFor } from './map-config';

export class EventsQueryDto extends createZodDto(eventsQuerySchema) {}
class EventInputDto extends createZodDto(eventInputSchema) {}
class EventInquiryDto extends createZodDto(eventInquirySchema) {}

@Controller('events')
export class EventsController extends AdminRecords<typeof EventInputDto, typeof EventInputDto, ScheduledEvent>({
  create: EventInputDto,
  edit: EventInputDto,
  editVerb: 'put',
}) {
  constructor(
    private readonly events: EventsService,
    private readonly inquiries: EventInquiriesService,
    private readonly calendars: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(events);
  }

  /** Public: the tracker's calendar and map; the admin's scheduler pages with limit, cursor (X-Next-Cursor) and order (past locations newest first). */
  @Get()
  @PublicAnswer()
  async list(@Query() query: EventsQueryDto, @Res({ passthrough: true }) res: Response): Promise<ScheduledEvent[]> {
    const { events, nextCursor } = await this.events.list(query);
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    return events;
  }

  /** Public: one stop as a single-event iCalendar file ('Add to my calendar' on the tracker). Its headers are set on success only (a 404 stays JSON, uncached). */
  @Get(':id/calendar.ics')
  async stopCalendar(@Param() params: IdParamDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    const ics = await this.calendars.stopCalendar(params.id);
    res.set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="cocoa-stop.ics"',
      'Cache-Control': 'public, max-age=300',
    });
    return ics;
  }

  /** Public: the tile template the tracker's map uses (TILE_URL), never hard-coded in the PWA. */
  @Get('map-config')
  @Header('Cache-Control', 'public, max-age=3600')
  mapConfig(): MapConfig {
    return mapConfigFor(this.config.TILE_URL);
  }

  /** Public: an event booking inquiry, stored and mailed like the contact form. */
  @Post('inquiries')
  @HttpCode(200)
  @RateLimit('event-inquiry')
  inquire(@Body() body: EventInquiryDto): Promise<{ message: string }> {
    return this.inquiries.submit(body);
  }
}
