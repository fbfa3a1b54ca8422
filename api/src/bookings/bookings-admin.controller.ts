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
  bookingRefundParamsSchema,
  type BookingRescheduled,
  bookingRescheduleSchema,
  bookingSettingsInputSchema,
  bookingTrackerInputSchema,
} from '@cocoa/shared-types';
import { Body, Controller, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { IdParamDto } from '../common/id-param.dto';
import { StepUp } from '../common/step-up.guard';
import { type AdminActor, AdminCreate, AdminDelete, AdminGet, AdminPost, AdminPut, CurrentActor } from '../common/auth.guards';
import { AdminSetting } from '../common/admin-routes';
import { createZodDto } from '../common/zod-validation.pipe';
import { BookingAvailabilityService } from './booking-availability.service';
import { BookingSettingsService } from './booking-settings.service';
import { BookingsService } from './bookings.service';

class RefundParamsDto extends createZodDto(bookingRefundParamsSchema) {}
class DayParamDto extends createZodDto(z.object({ date: bookingDaySchema })) {}
class BookingsQueryDto extends createZodDto(adminBookingsQuerySchema) {}
class AcceptDto extends createZodDto(bookingAcceptSchema) {}
class DeclineDto extends createZodDto(bookingDeclineSchema) {}
class AdminCancelDto extends createZodDto(bookingAdminCancelSchema) {}
class BlockedDayDto extends createZodDto(blockedDayInputSchema) {}
class BlockedDaysQueryDto extends createZodDto(blockedDaysQuerySchema) {}
class SettingsDto extends createZodDto(bookingSettingsInputSchema) {}
class TrackerDto extends createZodDto(bookingTrackerInputSchema) {}
class RescheduleDto extends createZodDto(bookingRescheduleSchema) {}

/** The owner's Bookings: the list and detail, the moves, blocked days and the booking settings. */
@Controller('admin')
export class BookingsAdminController extends AdminSetting({ path: 'booking/settings', input: SettingsDto }) {
  constructor(
    private readonly bookings: BookingsService,
    private readonly availability: BookingAvailabilityService,
    settings: BookingSettingsService,
  ) {
    // The booking settings, with the policy text they give.
    super({
      read: () => settings.withPolicyText(),
      save: async (input) => {
        await settings.set(input);
        return settings.withPolicyText();
      },
    });
  }

  @AdminGet('bookings')
  list(@Query() query: BookingsQueryDto): Promise<AdminBookingsPage> {
    return this.bookings.list(query);
  }

  @AdminGet('bookings/:id')
  detail(@Param() params: IdParamDto): Promise<AdminBookingDetail> {
    return this.bookings.detail(params.id);
  }

  @AdminPost('bookings/:id/accept')
  accept(@Param() params: IdParamDto, @Body() body: AcceptDto, @CurrentActor() actor: AdminActor): Promise<AdminBookingDetail> {
    return this.bookings.accept(params.id, body, actor);
  }

  @AdminPut('bookings/:id/tracker')
  setTracker(@Param() params: IdParamDto, @Body() body: TrackerDto, @CurrentActor() actor: AdminActor): Promise<AdminBookingDetail> {
    return this.bookings.setTracker(params.id, body.tracker, actor);
  }

  @AdminPost('bookings/:id/decline')
  decline(@Param() params: IdParamDto, @Body() body: DeclineDto, @CurrentActor() actor: AdminActor): Promise<AdminBookingDetail> {
    return this.bookings.decline(params.id, body.message, actor);
  }

  /** Refunds what the owner chose, so it asks for a fresh check like every refund. */
  @StepUp()
  @AdminPost('bookings/:id/cancel')
  cancel(@Param() params: IdParamDto, @Body() body: AdminCancelDto, @CurrentActor() actor: AdminActor): Promise<AdminBookingDetail> {
    return this.bookings.cancelByOwner(params.id, body, actor);
  }

  @AdminPost('bookings/:id/complete')
  complete(@Param() params: IdParamDto, @CurrentActor() actor: AdminActor): Promise<AdminBookingDetail> {
    return this.bookings.complete(params.id, actor);
  }

  /** A refund that failed (Square refused it, or was not connected), asked of Square again under a new key. */
  @StepUp()
  @AdminPost('bookings/:id/refunds/:refundId/retry')
  retryRefund(@Param() params: RefundParamsDto, @CurrentActor() actor: AdminActor): Promise<AdminBookingDetail> {
    return this.bookings.retryRefund(params.id, params.refundId, actor);
  }

  /** The owner moves the booking to another day and times (the stop, the balance's due day and the customer's e-mail follow). */
  @AdminPost('bookings/:id/reschedule')
  reschedule(@Param() params: IdParamDto, @Body() body: RescheduleDto, @CurrentActor() actor: AdminActor): Promise<BookingRescheduled> {
    return this.bookings.reschedule(params.id, body, actor);
  }

  @AdminGet('booking/blocked-days')
  blockedDays(@Query() query: BlockedDaysQueryDto): Promise<BlockedDay[]> {
    return this.availability.blockedDays(query.month);
  }

  @AdminCreate('booking/blocked-days')
  block(@Body() body: BlockedDayDto, @CurrentActor() actor: AdminActor): Promise<BlockedDay> {
    return this.availability.block(body.date, body.note, actor);
  }

  @AdminDelete('booking/blocked-days/:date')
  unblock(@Param() params: DayParamDto): Promise<void> {
    return this.availability.unblock(params.date);
  }
}
