import { type CalendarStatus, calendarIdSchema, type InitCalendarResult } from '@cocoa/shared-types';
import { Body, Controller, Get, Header } from '@nestjs/common';
import { AdminOnly, AdminPost } from '../common/auth.guards';
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

  @AdminPost('init-calendar')
  init(): Promise<InitCalendarResult> {
    return this.calendars.syncAll();
  }

  @AdminPost('calendar/set-active')
  setActive(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.setActive(body.calendarId, body.active ?? true);
  }

  @AdminPost('calendar/add-custom')
  addCustom(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.addCustom(body.calendarId, body.name);
  }

  @AdminPost('calendar/set-primary')
  setPrimary(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.setPrimary(body.calendarId);
  }

  @AdminPost('calendar/remove-custom')
  removeCustom(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.removeCustom(body.calendarId);
  }
}
