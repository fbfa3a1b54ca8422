import {
  bookingAccessQuerySchema,
  type BookingAvailability,
  bookingAvailabilityQuerySchema,
  type BookingCancelResult,
  bookingCancelSchema,
  type BookingCreated,
  type BookingPackage,
  type BookingPaymentResult,
  bookingPaymentSchema,
  bookingReferenceSchema,
  bookingRequestSchema,
  type BookingView,
  type MyBooking,
} from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import { OptionalUser } from '../common/optional-user.decorator';
import { PublicAnswer } from '../common/public-answer.decorator';
import { RateLimit } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { BookingAvailabilityService } from './booking-availability.service';
import { BookingPackagesService } from './booking-packages.service';
import { BookingsService } from './bookings.service';

class AvailabilityQueryDto extends createZodDto(bookingAvailabilityQuerySchema) {}
class BookingRequestDto extends createZodDto(bookingRequestSchema) {}
class ReferenceParamDto extends createZodDto(z.object({ reference: bookingReferenceSchema })) {}
class AccessQueryDto extends createZodDto(bookingAccessQuerySchema) {}
class PaymentDto extends createZodDto(bookingPaymentSchema) {}
class CancelDto extends createZodDto(bookingCancelSchema) {}

/**
 * The customer's side of event booking: packages and free days, the request, and the
 * booking's status page with its payments and cancellation. A booking opens with `?token=` from
 * its link, or for its signed-in customer; anyone else gets 404.
 */
@Controller()
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly packages: BookingPackagesService,
    private readonly availability: BookingAvailabilityService,
  ) {}

  @Get('booking/packages')
  @PublicAnswer()
  listPackages(): Promise<BookingPackage[]> {
    return this.packages.list('active');
  }

  /** The month's days that cannot be booked (past, lead time, blocked, booked). */
  @Get('booking/availability')
  @PublicAnswer()
  month(@Query() query: AvailabilityQueryDto): Promise<BookingAvailability> {
    return this.availability.month(query.month);
  }

  /** Each request stores and mails something: every one counts toward the address's limit, like the contact form. */
  @Post('bookings')
  @RateLimit('booking')
  async create(
    @Body() body: BookingRequestDto,
    @OptionalUser() user: SessionUser | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BookingCreated> {
    const { replayed, ...created } = await this.bookings.create(body, user);
    // The same idempotency key again: the booking it made, 200 rather than 201 (nothing new was created).
    if (replayed) res.status(200);
    return created;
  }

  @Get('bookings/:reference')
  @Header('Cache-Control', 'no-store')
  findOne(@Param() params: ReferenceParamDto, @Query() query: AccessQueryDto, @OptionalUser() user: SessionUser | undefined): Promise<BookingView> {
    return this.bookings.findForViewer(params.reference, { token: query.token, user });
  }

  /** A card endpoint: refused attempts (declined cards, wrong tokens) count toward the address's limit, paid ones do not. */
  @Post('bookings/:reference/payments')
  @HttpCode(200)
  @RateLimit('booking-payment', 'refused requests')
  pay(
    @Param() params: ReferenceParamDto,
    @Query() query: AccessQueryDto,
    @Body() body: PaymentDto,
    @OptionalUser() user: SessionUser | undefined,
  ): Promise<BookingPaymentResult> {
    return this.bookings.pay(params.reference, { token: query.token, user }, body);
  }

  @Post('bookings/:reference/cancel')
  @HttpCode(200)
  @RateLimit('booking-cancel', 'refused requests')
  cancel(
    @Param() params: ReferenceParamDto,
    @Query() query: AccessQueryDto,
    @Body() body: CancelDto,
    @OptionalUser() user: SessionUser | undefined,
  ): Promise<BookingCancelResult> {
    return this.bookings.cancelByCustomer(params.reference, { token: query.token, user }, body.reason);
  }

  @Get('me/bookings')
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  mine(@CurrentUser() user: SessionUser): Promise<MyBooking[]> {
    return this.bookings.mine(user);
  }
}
