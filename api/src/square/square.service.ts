import { Injectable } from '@nestjs/common';
import type { WebPaymentsConfig } from '@cocoa/shared-types';
import { NotFoundError } from '../common/domain-errors';
import { SettingsService } from '../settings/settings.service';
import { SquareGateway } from './square.gateway';

@Injectable()
export class SquareService {
  constructor(
    private readonly gateway: SquareGateway,
    private readonly settings: SettingsService,
  ) {}

  /**
   * What the payment step needs. Not connected: test mode (the PWA shows the built-in card form)
   * while test payments are accepted, else `paymentsAvailable: false` (the PWA says payments are
   * not set up yet). Connected without an application id or a location: 404 'Square configuration
   * not found'. An id saved for the other environment (a sandbox id in production) counts as none:
   * the card form is never started with it.
   */
  async webPaymentsConfig(): Promise<WebPaymentsConfig> {
    const payments = await this.gateway.paymentMode();
    const applicationId = await this.settings.squareApplicationId(payments.kind === 'square' ? payments.connection.mode : payments.mode);
    if (payments.kind !== 'square') {
      return payments.kind === 'test'
        ? { testMode: true, paymentsAvailable: true, applicationId, locationId: null, environment: payments.mode }
        : { testMode: false, paymentsAvailable: false, applicationId, locationId: null, environment: payments.mode };
    }
    const locationId = applicationId ? await this.gateway.locationId(payments.connection).catch(() => null) : null;
    if (!applicationId || !locationId) throw new NotFoundError('Square configuration not found', 'SQUARE_CONFIG_NOT_FOUND');
    return { testMode: false, paymentsAvailable: true, applicationId, locationId, environment: payments.connection.mode };
  }
}
