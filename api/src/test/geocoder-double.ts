import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TestApp, useTestApp } from './test-app';

/**
 * A geocoder double (a local HTTP server answering as `answer` does, in Nominatim's shapes) and a
 * test app asking it (GEOCODER_URL, with `env`) for the enclosing describe: the server listens
 * before the app starts and stops after the app has closed.
 */
export function useGeocoderApp(answer: RequestListener, env: Record<string, string> = {}): TestApp {
  const geocoder = createServer(answer);
  beforeAll(() => new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve)));
  const t = useTestApp(() => ({ GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`, ...env }));
  afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));
  return t;
}
