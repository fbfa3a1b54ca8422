import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-fetch';
import { useInvalidateEvents } from './events';

/** DELETE /api/events/{id} */
export const deleteEvent = (id: number) => apiFetch<void>(`/api/events/${id}`, { method: 'DELETE' });

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidate() });
}
