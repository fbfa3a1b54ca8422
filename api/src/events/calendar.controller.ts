import { type CalendarStatus, calendarIdSchema, type InitCalendarResult } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { AdminOnly } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { CalendarService } from './calendar.service';

class CalendarIdDto extends createZodDto(calendarIdSchema) {}

/** Calendar feeds (admin) and the shop's published ICS feed (public). */
@Controller('events')
export class CalendarController {
  constructor(private readonly calendars: CalendarService) {}

  /** Public: subscribe with webcal://host/api/events/calendar.ics. */
  @Get('calendar.ics')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Content-Disposition', 'inline; filename="cocoa-events.ics"')
  @Header('Cache-Control', 'public, max-age=300')
  feed(): Promise<string> {
    return this.calendars.publishedFeed();
  }

  @Get('calendar/status')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  status(): Promise<CalendarStatus> {
    return this.calendars.status();
  }

  @Post('init-calendar')
  @AdminOnly()
  @HttpCode(200)
  init(): Promise<InitCalendarResult> {
    return this.calendars.syncAll();
  }

  @Post('calendar/set-active')
  @AdminOnly()
  @HttpCode(200)
  setActive(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.setActive(body.calendarId, body.active ?? true);
  }

  @Post('calendar/add-custom')
  @AdminOnly()
  @HttpCode(200)
  addCustom(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.addCustom(body.calendarId, body.name);
  }

  @Post('calendar/set-primary')
  @AdminOnly()
  @HttpCode(200)
  setPrimary(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.setPrimary(body.calendarId);
  }

  @Post('calendar/remove-custom')
  @AdminOnly()
  @HttpCode(200)
  removeCustom(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.removeCustom(body.calendarId);
  }
}
