import { useMutation } from '@tanstack/react-query';
import type { EventInput, ScheduledEvent } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useInvalidateEvents } from './events';

/** POST /api/events, or PUT /api/events/{id} for a location that exists. */
export const createEvent = (body: EventInput) => apiFetch<ScheduledEvent>('/api/events', { method: 'POST', body });
export const updateEvent = ({ id, body }: { id: number; body: EventInput }) => apiFetch<ScheduledEvent>(`/api/events/${id}`, { method: 'PUT', body });

/** Toasts are shown by the dialog, which knows the save step (geocoding or saving). */
export function useSaveEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EventInput }) => (id ? updateEvent({ id, body }) : createEvent(body)),
    onSuccess: () => invalidate(),
  });
}
