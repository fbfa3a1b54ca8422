import { useMutation } from '@tanstack/react-query';
import type { SecondFactorEnrolment } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/auth/second-factor/enrolment: a new secret and its QR code (asks for a fresh check first). */
const startEnrolment = () => apiFetch<SecondFactorEnrolment>('/api/auth/second-factor/enrolment', { method: 'POST' });

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });
