import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { SettingsModule } from '../settings/settings.module';
import { PaymentsModule } from '../payments/payments.module';
import { BookingAvailabilityService } from './booking-availability.service';
import { BookingBlockedDayEntity } from './booking-blocked-day.entity';
import { BookingEventEntity } from './booking-event.entity';
import { BookingInboxService } from './booking-inbox.service';
import { BookingJobsService } from './booking-jobs.service';
import { BookingMailService } from './booking-mail.service';
import { BookingMovesService } from './booking-moves.service';
import { BookingPackageEntity } from './booking-package.entity';
import { BookingPackagesService } from './booking-packages.service';
import { BookingPaymentEntity } from './booking-payment.entity';
import { BookingPaymentSync } from './booking-payment-sync.service';
import { BookingPaymentsService } from './booking-payments.service';
import { BookingSettingsService } from './booking-settings.service';
import { BookingEntity } from './booking.entity';
import { BookingPackagesAdminController } from './booking-packages-admin.controller';
import { BookingsAdminController } from './bookings-admin.controller';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { LinksModule } from '../links/links.module';
import { StateMachineModule } from '../state-machine/state-machine.module';

/** Event booking: packages, availability, booking states, deposits, balances and refunds. */
@Module({
  imports: [
    TypeOrmModule.forFeature([BookingPackageEntity, BookingEntity, BookingEventEntity, BookingBlockedDayEntity, BookingPaymentEntity]),
    SettingsModule,
    PaymentsModule,
    EventsModule,
    StateMachineModule,
    LinksModule,
  ],
  controllers: [BookingsController, BookingsAdminController, BookingPackagesAdminController],
  providers: [
    BookingsService,
    BookingPackagesService,
    BookingAvailabilityService,
    BookingMovesService,
    BookingPaymentsService,
    BookingMailService,
    BookingSettingsService,
    BookingJobsService,
    BookingInboxService,
    BookingPaymentSync,
  ],
  // The owner's inbox (the back office) lists booking requests through BookingInboxService.
  exports: [BookingInboxService, BookingSettingsService],
})
export class BookingsModule {}
