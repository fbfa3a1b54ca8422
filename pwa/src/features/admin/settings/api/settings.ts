import { useQuery } from '@tanstack/react-query';
import type { SettingsMap } from '@cocoa/shared-types';
import { adminQueryOptions } from '../../api/owner-api';

/** GET /api/settings: the allow-listed keys as a key → value map (secrets are never in it). */
export const settingsQueryOptions = adminQueryOptions<SettingsMap>(['admin', 'settings'], '/api/settings');

export const useSettings = () => useQuery(settingsQueryOptions);
