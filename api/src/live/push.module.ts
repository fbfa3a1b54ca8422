import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { PushDeliveryService } from './push-delivery.service';
import { PushKeysService } from './push-keys.service';
import { PushSubscriptionEntity } from './push-subscription.entity';
import { PushController } from './push.controller';
import { PushService } from './push.service';

/**
 * Web Push of the live tracker: the VAPID keys, visitors' subscriptions, and the
 * worker of the job every live change queues (LIVE_PUSH_JOB), which sends the notifications.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscriptionEntity]), SettingsModule],
  controllers: [PushController],
  providers: [PushService, PushKeysService, PushDeliveryService],
  // Orders tell the browsers following a pickup order (PushService.tell).
  exports: [PushService],
})
export class PushModule {}
