import {
  type AdminBookingDetail,
  type AdminBookingsPage,
  adminBookingsQuerySchema,
  type BlockedDay,
  blockedDayInputSchema,
  blockedDaysQuerySchema,
  bookingAcceptSchema,
  bookingAdminCancelSchema,
  bookingDaySchema,
  bookingDeclineSchema,
  type BookingPackage,
  bookingPackageInputSchema,
  bookingRefundParamsSchema,
  type BookingRescheduled,
  bookingRescheduleSchema,
  bookingSettingsInputSchema,
  bookingTrackerInputSchema,
} from '@cocoa/shared-types';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { IdParamDto } from '../common/id-param.dto';
import { StepUp } from '../common/step-up.guard';
import { AdminOnly, CurrentUser } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { BookingAvailabilityService } from './booking-availability.service';
import { BookingPackagesService } from './booking-packages.service';
import { BookingSettingsService } from './booking-settings.service';
import { BookingsService } from './bookings.service';

class RefundParamsDto extends createZodDto(bookingRefundParamsSchema) {}
class DayParamDto extends createZodDto(z.object({ date: bookingDaySchema })) {}
class PackageInputDto extends createZodDto(bookingPackageInputSchema) {}
class BookingsQueryDto extends createZodDto(adminBookingsQuerySchema) {}
class AcceptDto extends createZodDto(bookingAcceptSchema) {}
class DeclineDto extends createZodDto(bookingDeclineSchema) {}
class AdminCancelDto extends createZodDto(bookingAdminCancelSchema) {}
class BlockedDayDto extends createZodDto(blockedDayInputSchema) {}
class BlockedDaysQueryDto extends createZodDto(blockedDaysQuerySchema) {}
class SettingsDto extends createZodDto(bookingSettingsInputSchema) {}
class TrackerDto extends createZodDto(bookingTrackerInputSchema) {}
class RescheduleDto extends createZodDto(bookingRescheduleSchema) {}

const actorOf = (user: SessionUser): `admin:${string}` => `admin:${user.username}`;

/** The owner's Bookings: packages, the list and detail, the moves, blocked days and the booking settings. */
@Controller('admin')
@AdminOnly()
export class BookingsAdminController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly packages: BookingPackagesService,
    private readonly availability: BookingAvailabilityService,
    private readonly settings: BookingSettingsService,
  ) {}

  @Get('booking/packages')
  @Header('Cache-Control', 'private, no-store')
  listPackages(): Promise<BookingPackage[]> {
    return this.packages.list('all');
  }

  @Post('booking/packages')
  createPackage(@Body() body: PackageInputDto): Promise<BookingPackage> {
    return this.packages.create(body);
  }

  @Put('booking/packages/:id')
  updatePackage(@Param() params: IdParamDto, @Body() body: PackageInputDto): Promise<BookingPackage> {
    return this.packages.update(params.id, body);
  }

  @Delete('booking/packages/:id')
  @HttpCode(204)
  removePackage(@Param() params: IdParamDto): Promise<void> {
    return this.packages.remove(params.id);
  }

  @Get('bookings')
  @Header('Cache-Control', 'private, no-store')
  list(@Query() query: BookingsQueryDto): Promise<AdminBookingsPage> {
    return this.bookings.list(query);
  }

  @Get('bookings/:id')
  @Header('Cache-Control', 'private, no-store')
  detail(@Param() params: IdParamDto): Promise<AdminBookingDetail> {
    return this.bookings.detail(params.id);
  }

  @Post('bookings/:id/accept')
  @HttpCode(200)
  accept(@Param() params: IdParamDto, @Body() body: AcceptDto, @CurrentUser() user: SessionUser): Promise<AdminBookingDetail> {
    return this.bookings.accept(params.id, body, actorOf(user));
  }

  @Put('bookings/:id/tracker')
  setTracker(@Param() params: IdParamDto, @Body() body: TrackerDto, @CurrentUser() user: SessionUser): Promise<AdminBookingDetail> {
    return this.bookings.setTracker(params.id, body.tracker, actorOf(user));
  }

  @Post('bookings/:id/decline')
  @HttpCode(200)
  decline(@Param() params: IdParamDto, @Body() body: DeclineDto, @CurrentUser() user: SessionUser): Promise<AdminBookingDetail> {
    return this.bookings.decline(params.id, body.message, actorOf(user));
  }

  /** Refunds what the owner chose, so it asks for a fresh check like every refund. */
  @Post('bookings/:id/cancel')
  @StepUp()
  @HttpCode(200)
  cancel(@Param() params: IdParamDto, @Body() body: AdminCancelDto, @CurrentUser() user: SessionUser): Promise<AdminBookingDetail> {
    return this.bookings.cancelByOwner(params.id, body, actorOf(user));
  }

  @Post('bookings/:id/complete')
  @HttpCode(200)
  complete(@Param() params: IdParamDto, @CurrentUser() user: SessionUser): Promise<AdminBookingDetail> {
    return this.bookings.complete(params.id, actorOf(user));
  }

  /** A refund that failed (Square refused it, or was not connected), asked of Square again under a new key. */
  @Post('bookings/:id/refunds/:refundId/retry')
  @StepUp()
  @HttpCode(200)
  retryRefund(@Param() params: RefundParamsDto, @CurrentUser() user: SessionUser): Promise<AdminBookingDetail> {
    return this.bookings.retryRefund(params.id, params.refundId, actorOf(user));
  }

  /** The owner moves the booking to another day and times (the stop, the balance's due day and the customer's e-mail follow). */
  @Post('bookings/:id/reschedule')
  @HttpCode(200)
  reschedule(@Param() params: IdParamDto, @Body() body: RescheduleDto, @CurrentUser() user: SessionUser): Promise<BookingRescheduled> {
    return this.bookings.reschedule(params.id, body, actorOf(user));
  }

  @Get('booking/blocked-days')
  @Header('Cache-Control', 'private, no-store')
  blockedDays(@Query() query: BlockedDaysQueryDto): Promise<BlockedDay[]> {
    return this.availability.blockedDays(query.month);
  }

  @Post('booking/blocked-days')
  block(@Body() body: BlockedDayDto, @CurrentUser() user: SessionUser): Promise<BlockedDay> {
    return this.availability.block(body.date, body.note, actorOf(user));
  }

  @Delete('booking/blocked-days/:date')
  @HttpCode(204)
  unblock(@Param() params: DayParamDto): Promise<void> {
    return this.availability.unblock(params.date);
  }

  @Get('booking/settings')
  @Header('Cache-Control', 'private, no-store')
  getSettings(): ReturnType<BookingSettingsService['withPolicyText']> {
    return this.settings.withPolicyText();
  }

  @Put('booking/settings')
  async putSettings(@Body() body: SettingsDto): ReturnType<BookingSettingsService['withPolicyText']> {
    await this.settings.set(body);
    return this.settings.withPolicyText();
  }
}
