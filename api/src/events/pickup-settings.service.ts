import { PICKUP_SETTINGS_DEFAULTS, type PickupSettings, pickupSettingsInputSchema } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';

const KEYS = {
  slotMinutes: SETTING_KEYS.pickupSlotMinutes,
  slotCapacity: SETTING_KEYS.pickupSlotCapacity,
  leadMinutes: SETTING_KEYS.pickupLeadMinutes,
  paused: SETTING_KEYS.pickupPaused,
  pausedMessage: SETTING_KEYS.pickupPausedMessage,
  autoAccept: SETTING_KEYS.pickupAutoAccept,
} as const;

/**
 * The owner's rules for ordering ahead, kept as settings rows (a backup holds them, every replica
 * reads the same), each with its default: slots of 15 minutes, 10 orders a slot, the first slot 20
 * minutes away, not paused. A stored value the rules refuse reads as its default.
 */
@Injectable()
export class PickupSettingsService {
  constructor(private readonly settings: SettingsService) {}

  /** With `manager`, read inside the caller's transaction (a checkout's claim). */
  async get(manager?: EntityManager): Promise<PickupSettings> {
    const stored = await this.settings.getMany(Object.values(KEYS), manager);
    const read = <K extends keyof PickupSettings>(field: K, parse: (raw: string) => unknown): PickupSettings[K] => {
      const raw = stored[KEYS[field]];
      if (raw === undefined) return PICKUP_SETTINGS_DEFAULTS[field];
      const checked = pickupSettingsInputSchema.shape[field].safeParse(parse(raw));
      return checked.success ? (checked.data as PickupSettings[K]) : PICKUP_SETTINGS_DEFAULTS[field];
    };
    return {
      slotMinutes: read('slotMinutes', Number),
      slotCapacity: read('slotCapacity', Number),
      leadMinutes: read('leadMinutes', Number),
      paused: read('paused', (raw) => raw === 'true'),
      pausedMessage: read('pausedMessage', (raw) => raw),
      autoAccept: read('autoAccept', (raw) => raw === 'true'),
    };
  }

  /** Replaces every rule (already checked by the shared schema); no message goes back to the standard one. */
  async set(input: PickupSettings): Promise<PickupSettings> {
    await this.settings.set(KEYS.slotMinutes, String(input.slotMinutes));
    await this.settings.set(KEYS.slotCapacity, String(input.slotCapacity));
    await this.settings.set(KEYS.leadMinutes, String(input.leadMinutes));
    await this.settings.set(KEYS.paused, String(input.paused));
    await this.settings.set(KEYS.autoAccept, String(input.autoAccept));
    if (input.pausedMessage) await this.settings.set(KEYS.pausedMessage, input.pausedMessage);
    else await this.settings.remove(KEYS.pausedMessage);
    return this.get();
  }
}
