import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventInput, ScheduledEvent } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { eventsQueryOptions } from '../../events';
import { adminGetList } from './admin-get';

/**
 * GET /api/events from a fixed early date: the scheduler manages every scheduled location, past
 * ones included (the public default starts at the current month).
 */
export const ADMIN_EVENTS_FROM = '2000-01-01';
export const fetchAdminEvents = (signal?: AbortSignal) => adminGetList<ScheduledEvent>(`/api/events?from=${ADMIN_EVENTS_FROM}`, signal);

export const adminEventsQueryOptions = queryOptions({
  queryKey: ['admin', 'events'] as const,
  queryFn: ({ signal }) => fetchAdminEvents(signal),
  staleTime: 0,
});

export const useAdminEvents = () => useQuery(adminEventsQueryOptions);

export const createEvent = (body: EventInput) => apiFetch<ScheduledEvent>('/api/events', { method: 'POST', body });
export const updateEvent = ({ id, body }: { id: number; body: EventInput }) => apiFetch<ScheduledEvent>(`/api/events/${id}`, { method: 'PUT', body });
export const deleteEvent = (id: number) => apiFetch<void>(`/api/events/${id}`, { method: 'DELETE' });

function useInvalidateEvents() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminEventsQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: eventsQueryOptions.queryKey }),
    ]);
}

/** Toasts are shown by the dialog, which knows the save step (geocoding or saving). */
export function useSaveEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EventInput }) => (id ? updateEvent({ id, body }) : createEvent(body)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidate() });
}
