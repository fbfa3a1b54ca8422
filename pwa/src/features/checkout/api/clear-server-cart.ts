import { apiFetch } from '../../../lib/api-fetch';

/**
 * DELETE /api/cart/clear?sessionId=: tells the server the cart of this session is spent. The cart
 * itself lives in the browser and the server keeps no copy (so there is no per-item fallback to
 * run); a failure is only logged.
 */
export async function clearServerCart(sessionId: string): Promise<void> {
  if (!sessionId) return;
  try {
    await apiFetch<void>(`/api/cart/clear?sessionId=${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
  } catch (error) {
    console.warn('Could not clear the cart on the server', error);
  }
}
