import { adminGet } from '../../shared/api/admin-get';

/** GET /api/square/auth/url: the provider's authorisation page, or an error. */
export async function fetchSquareAuthUrl(): Promise<string> {
  const answer = await adminGet<{ authUrl?: string; error?: string }>('/api/square/auth/url');
  if (!answer?.authUrl) throw new Error(answer?.error || 'Failed to connect to Square.');
  return answer.authUrl;
}
