import { useMutation } from '@tanstack/react-query';
import type { StepUpInput, StepUpStatus } from '@cocoa/shared-types';
import { apiFetch, askForStepUp } from '../../../lib/api-fetch';

/** POST /api/auth/step-up: the password or a one-time code again; the session counts as freshly checked for a few minutes. */
const stepUp = (body: StepUpInput) => apiFetch<StepUpStatus>('/api/auth/step-up', { method: 'POST', body });

export const useStepUp = () => useMutation({ mutationFn: stepUp });

/** How long before the check runs out a browser action still counts on it (the download may take a moment to start). */
const MARGIN_MS = 10_000;

/**
 * Before an action the browser makes itself, not through apiFetch (a download link): GET
 * /api/auth/step-up, and the step-up dialog first when the session's check has run out. False
 * when the person cancelled.
 */
export async function freshCheckFirst(): Promise<boolean> {
  const { freshUntil } = await apiFetch<StepUpStatus>('/api/auth/step-up', { cache: 'no-store' });
  if (freshUntil && Date.parse(freshUntil) - Date.now() > MARGIN_MS) return true;
  return askForStepUp();
}
