import type { PickupSettings } from '@cocoa/shared-types';
import { useSaveOwnerSettings } from '../../api/owner-api';
import { pickupSettingsQueryOptions } from './pickup-settings';

/** PUT /api/admin/pickup/settings: every rule at once (busy mode is one of them). */
export const useSavePickupSettings = () =>
  useSaveOwnerSettings<PickupSettings, PickupSettings>('/api/admin/pickup/settings', pickupSettingsQueryOptions, {
    done: (saved) =>
      saved.paused
        ? ['Orders ahead paused', 'Customers read your message until you take orders again.']
        : ['Taking orders ahead', 'New orders follow these settings from now on.'],
    failed: ['Could not save the order-ahead settings', 'Please try again.'],
  });
