import { useMutation } from '@tanstack/react-query';
import type { CustomerProfile, ProfileUpdate } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { errorToast, keepToastAcrossReload, toast } from '../../../ui/toast-store';

/** PATCH /api/me/customer */
export const updateProfile = (profile: ProfileUpdate) => apiFetch<CustomerProfile>('/api/me/customer', { method: 'PATCH', body: profile });

/**
 * 'Profile updated', then the page reloads; the toast is kept across the reload, so
 * it is seen for its full time on the reloaded page. A non-OK answer toasts 'Failed to update profile'.
 */
export function useUpdateProfile(reload: () => void = () => window.location.reload()) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      toast('Profile updated');
      keepToastAcrossReload();
      reload();
    },
    onError: () => errorToast('Failed to update profile'),
  });
}
