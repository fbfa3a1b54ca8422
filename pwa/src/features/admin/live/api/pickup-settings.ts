import { useQuery } from '@tanstack/react-query';
import type { PickupSettings } from '@cocoa/shared-types';
import { adminQueryOptions } from '../../api/owner-api';

export const pickupSettingsQueryOptions = adminQueryOptions<PickupSettings>(['admin', 'pickup', 'settings'], '/api/admin/pickup/settings');

/** GET /api/admin/pickup/settings: the rules for ordering ahead and busy mode. */
export const usePickupSettings = () => useQuery(pickupSettingsQueryOptions);
