import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { adminGet } from './admin-get';

export type SquareMode = 'sandbox' | 'production';
export type SettingsMap = Record<string, string | null>;

/**
 * GET /api/settings. The answer is read as a key → value map; a list of {key, value} rows is
 * accepted too, so the page does not depend on which of the two the API settles on.
 */
export async function fetchSettings(signal?: AbortSignal): Promise<SettingsMap> {
  const answer = await adminGet<unknown>('/api/settings', signal);
  return toSettingsMap(answer);
}

export function toSettingsMap(answer: unknown): SettingsMap {
  const map: SettingsMap = {};
  const rows = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object' && Array.isArray((answer as { settings?: unknown }).settings)
      ? (answer as { settings: unknown[] }).settings
      : null;
  if (rows) {
    for (const row of rows) {
      if (row && typeof row === 'object' && typeof (row as { key?: unknown }).key === 'string') {
        const { key, value } = row as { key: string; value?: unknown };
        map[key] = value == null ? null : String(value);
      }
    }
    return map;
  }
  if (answer && typeof answer === 'object') {
    for (const [key, value] of Object.entries(answer)) {
      if (value == null || typeof value !== 'object') map[key] = value == null ? null : String(value);
    }
  }
  return map;
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => fetchSettings(signal),
  staleTime: 0,
});

export const useSettings = () => useQuery(settingsQueryOptions);

/** POST /api/settings {key, value}. */
export const saveSetting = (key: string, value: string) => apiFetch<unknown>('/api/settings', { method: 'POST', body: { key, value } });

/** Save Config: two calls, the application ID then the mode (SPEC §7). */
export async function saveSquareConfig(config: { applicationId: string; mode: SquareMode }): Promise<void> {
  await saveSetting('SQUARE_APPLICATION_ID', config.applicationId);
  await saveSetting('SQUARE_MODE', config.mode);
}

export function useSaveSquareConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSquareConfig,
    onSuccess: (_, config) => {
      client.setQueryData(settingsQueryOptions.queryKey, (old) => ({ ...old, SQUARE_APPLICATION_ID: config.applicationId, SQUARE_MODE: config.mode }));
      toast('Settings saved', 'Square configuration has been saved.');
      return client.invalidateQueries({ queryKey: settingsQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Error saving settings', messageOf(error, 'Failed to save Square configuration.')),
  });
}
