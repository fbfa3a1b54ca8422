import { type CalendarStatus, calendarIdSchema, type InitCalendarResult } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, Post } from '@nestjs/common';
import { AdminAction, AdminOnly } from '../common/auth.guards';
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
  @AdminAction()
  init(): Promise<InitCalendarResult> {
    return this.calendars.syncAll();
  }

  @Post('calendar/set-active')
  @AdminAction()
  setActive(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.setActive(body.calendarId, body.active ?? true);
  }

  @Post('calendar/add-custom')
  @AdminAction()
  addCustom(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.addCustom(body.calendarId, body.name);
  }

  @Post('calendar/set-primary')
  @AdminAction()
  setPrimary(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.setPrimary(body.calendarId);
  }

  @Post('calendar/remove-custom')
  @AdminAction()
  removeCustom(@Body() body: CalendarIdDto): Promise<CalendarStatus> {
    return this.calendars.removeCustom(body.calendarId);
  }
}
