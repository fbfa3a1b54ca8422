import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordChangePayloadSchema } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';

export type PasswordChange = z.input<typeof passwordChangePayloadSchema>;

/** PATCH /api/users/{id}/password */
export const changePassword = ({ userId, ...body }: PasswordChange & { userId: number }) =>
  apiFetch<{ message: string }>(`/api/users/${userId}/password`, { method: 'PATCH', body });

export const INCORRECT_PASSWORD_TOAST = 'The current password you entered is incorrect. Please verify and try again.';

/** The server's codes for a new password it refuses (password-checker in shared-types). */
const REFUSED_NEW_PASSWORD = new Set(['PASSWORD_TOO_COMMON', 'PASSWORD_IS_PERSONAL']);

/**
 * What the password form shows for a failure: the server's 'Current password is
 * incorrect' becomes the field error 'Incorrect password' and its own toast text; a refused new
 * password is that field's error too; other server messages show as they are; no answer at all is
 * a network error.
 */
export function passwordChangeFailure(error: unknown): { fieldError?: string; newPasswordError?: string; toast: string } {
  if (error instanceof ApiError) {
    if (error.message.includes('Current password is incorrect')) return { fieldError: 'Incorrect password', toast: INCORRECT_PASSWORD_TOAST };
    if (error.code && REFUSED_NEW_PASSWORD.has(error.code)) return { newPasswordError: error.message, toast: error.message };
    return { toast: error.message || 'Failed to update password' };
  }
  return { toast: 'Network error occurred. Please try again.' };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
