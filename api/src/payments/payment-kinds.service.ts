import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { PaymentsService } from './payments.service';
import type { PaymentKind } from './payments.types';

/** Marks a provider that implements PaymentKind: PaymentKindDiscovery declares each one to PaymentsService at start. */
export const PaymentKindProvider = DiscoveryService.createDecorator();

/** Declares to PaymentsService, at start, every provider marked `@PaymentKindProvider()` (orders, bookings, ...). */
@Injectable()
export class PaymentKindDiscovery implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly payments: PaymentsService,
  ) {}

  onModuleInit(): void {
    for (const provider of this.discovery.getProviders({ metadataKey: PaymentKindProvider.KEY })) {
      if (provider.instance) this.payments.register(provider.instance as PaymentKind);
    }
  }
}
