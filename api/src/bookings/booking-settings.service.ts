import { BOOKING_SETTINGS_DEFAULTS, type BookingSettings, cancellationPolicyText } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';

const NUMBER_KEYS = {
  leadTimeDays: SETTING_KEYS.bookingLeadTimeDays,
  depositPercent: SETTING_KEYS.bookingDepositPercent,
  balanceDueDays: SETTING_KEYS.bookingBalanceDueDays,
  fullRefundDays: SETTING_KEYS.bookingFullRefundDays,
} as const;

/**
 * The owner's booking rules, kept as settings rows (so a backup holds them and every replica reads
 * the same), each with its default (docs/decisions.md): lead time 7 days, deposit 25 %, balance due
 * 14 days before, full deposit refund when the customer cancels 14 or more days before. A stored
 * value that is not a whole number in range reads as the default.
 */
@Injectable()
export class BookingSettingsService {
  constructor(private readonly settings: SettingsService) {}

  async get(): Promise<BookingSettings> {
    const stored = await this.settings.getMany([...Object.values(NUMBER_KEYS), SETTING_KEYS.bookingCancellationPolicy]);
    const number = (field: keyof typeof NUMBER_KEYS, max: number) => {
      const value = Number(stored[NUMBER_KEYS[field]]);
      return stored[NUMBER_KEYS[field]] !== undefined && Number.isInteger(value) && value >= 0 && value <= max ? value : BOOKING_SETTINGS_DEFAULTS[field];
    };
    return {
      leadTimeDays: number('leadTimeDays', 365),
      depositPercent: number('depositPercent', 100),
      balanceDueDays: number('balanceDueDays', 365),
      fullRefundDays: number('fullRefundDays', 365),
      cancellationPolicy: stored[SETTING_KEYS.bookingCancellationPolicy] || null,
    };
  }

  /** Replaces every setting (values already checked by the shared schema); an empty policy goes back to the written-from-the-numbers one. */
  async set(input: BookingSettings): Promise<void> {
    for (const [field, key] of Object.entries(NUMBER_KEYS) as [keyof typeof NUMBER_KEYS, string][]) await this.settings.set(key, String(input[field]));
    if (input.cancellationPolicy) await this.settings.set(SETTING_KEYS.bookingCancellationPolicy, input.cancellationPolicy);
    else await this.settings.remove(SETTING_KEYS.bookingCancellationPolicy);
  }

  /** The settings with the policy as the customer reads it. */
  async withPolicyText(): Promise<BookingSettings & { policyText: string }> {
    const settings = await this.get();
    return { ...settings, policyText: cancellationPolicyText(settings) };
  }
}
