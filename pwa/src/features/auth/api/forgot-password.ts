import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

export const requestPasswordReset = (email: string) => apiFetch<{ message?: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } });

const SENT = 'If an account exists with this email, you will receive a password reset link.';

export function useForgotPassword() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (answer) => toast('Email Sent', answer?.message || SENT),
    onError: (error) => {
      // A server that answered shows its message; a network failure gets the generic text.
      if (error instanceof ApiError) errorToast('Error', error.message);
      else errorToast('Error', 'Failed to send reset email. Please try again.');
    },
  });
}
