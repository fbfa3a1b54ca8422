import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SettingKey, type SettingsMap, type SquareMode, squareApplicationIdMismatch } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { settingsQueryOptions } from './settings';

/** POST /api/settings {key, value}: answers the new map. */
export const saveSetting = (key: SettingKey, value: string) => apiFetch<SettingsMap>('/api/settings', { method: 'POST', body: { key, value } });

/**
 * Save Config: two calls, the mode then the application ID: the server refuses an id of
 * the other environment than the one in force, so the environment goes first. The pair is checked
 * here before anything is sent, so a mismatch changes nothing.
 */
export async function saveSquareConfig(config: { applicationId: string; mode: SquareMode }): Promise<SettingsMap> {
  const mismatch = squareApplicationIdMismatch(config.applicationId, config.mode);
  if (mismatch) throw new Error(mismatch);
  await saveSetting('SQUARE_MODE', config.mode);
  return saveSetting('SQUARE_APPLICATION_ID', config.applicationId);
}

export function useSaveSquareConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSquareConfig,
    onSuccess: (map, config) => {
      if (map) client.setQueryData(settingsQueryOptions.queryKey, { ...map, SQUARE_APPLICATION_ID: config.applicationId, SQUARE_MODE: config.mode });
      toast('Settings saved', 'Square configuration has been saved.');
      return client.invalidateQueries({ queryKey: settingsQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Error saving settings', messageOf(error, 'Failed to save Square configuration.')),
  });
}

/** 'Accept test payments': the built-in test card while Square is not connected. */
export function useSaveTestPayments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) => saveSetting('ACCEPT_TEST_PAYMENTS', accept ? 'true' : 'false'),
    onSuccess: (map, accept) => {
      if (map) client.setQueryData(settingsQueryOptions.queryKey, map);
      toast('Settings saved', accept ? 'Test payments are on.' : 'Test payments are off.');
      return client.invalidateQueries({ queryKey: settingsQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Error saving settings', messageOf(error, 'Failed to save the test payments setting.')),
  });
}

/** The shop's time zone (IANA); '' returns to SHOP_TIME_ZONE from the server's environment. */
export function useSaveShopTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (zone: string) => saveSetting('SHOP_TIME_ZONE', zone),
    onSuccess: (map) => {
      if (map) client.setQueryData(settingsQueryOptions.queryKey, map);
      toast('Settings saved', `The shop's time zone is ${map?.SHOP_TIME_ZONE ?? 'saved'}.`);
      // Stops are answered with the zone: the scheduler's lists follow it.
      return client.invalidateQueries();
    },
    onError: (error) => errorToast('Error saving settings', messageOf(error, "Failed to save the shop's time zone.")),
  });
}
