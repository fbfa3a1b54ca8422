import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { calendarStatusQueryOptions } from './calendar-status';

/**
 * POST /api/geocode/init {apiKey}: a Google geocoding API key, stored encrypted on the server
 * and never sent back; '' removes it (back to OpenStreetMap). The calendar status (its
 * 'Geocoding' line) is read again after either.
 */
export const saveGeocodingKey = (apiKey: string) => apiFetch<{ provider: 'nominatim' | 'google' }>('/api/geocode/init', { method: 'POST', body: { apiKey } });

export function useSaveGeocodingKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveGeocodingKey,
    onSuccess: (_answer, apiKey) => {
      toast(
        apiKey ? 'Geocoding key saved' : 'Geocoding key removed',
        apiKey ? 'New addresses are looked up with Google.' : 'New addresses are looked up with OpenStreetMap.',
      );
      return client.invalidateQueries({ queryKey: calendarStatusQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Geocoding error', messageOf(error, 'Failed to save the geocoding key.')),
  });
}
