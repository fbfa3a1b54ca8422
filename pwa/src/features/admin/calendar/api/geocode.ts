import { adminGet } from '../../shared/api/admin-get';

/** GET /api/geocode?address=: lat and lng. A missing or non-numeric answer is a failure. */
export async function geocodeAddress(address: string, signal?: AbortSignal): Promise<{ lat: number; lng: number }> {
  const answer = await adminGet<{ lat?: unknown; lng?: unknown }>(`/api/geocode?address=${encodeURIComponent(address)}`, signal);
  const lat = Number(answer?.lat);
  const lng = Number(answer?.lng);
  if (answer?.lat == null || answer?.lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) throw new Error('Failed to geocode address');
  return { lat, lng };
}
