import { useMutation } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

export const resetPassword = (body: { token: string; newPassword: string }) =>
  apiFetch<{ message?: string }>('/api/auth/reset-password', { method: 'POST', body });

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => toast('Password Reset Successful', 'Your password has been reset. You can now log in with your new password.'),
    onError: (error) => errorToast('Reset Failed', messageOf(error, 'Failed to reset password. The link may have expired.')),
  });
}
