import { PublicAnswerCache } from '../common/public-answer-cache';
import { serviceOf, useTestApp } from '../test/test-app';
import { SettingsService, withSettingsSnapshot } from './settings.service';

describe('SettingsService over the settings table', () => {
  const t = useTestApp();
  const settings = serviceOf(t, SettingsService);

  it('stores, reads, overwrites and removes a value', async () => {
    expect(await settings.get('SQUARE_APPLICATION_ID')).toBeUndefined();
    await settings.set('SQUARE_APPLICATION_ID', 'sq0idp-first');
    expect(await settings.get('SQUARE_APPLICATION_ID')).toBe('sq0idp-first');
    await settings.set('SQUARE_APPLICATION_ID', 'sq0idp-second');
    expect(await settings.get('SQUARE_APPLICATION_ID')).toBe('sq0idp-second');
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM settings WHERE key = 'SQUARE_APPLICATION_ID'`);
    expect(n).toBe(1);
    await settings.remove('SQUARE_APPLICATION_ID');
    expect(await settings.get('SQUARE_APPLICATION_ID')).toBeUndefined();
  });

  it('reads several keys at once, leaving out the missing ones', async () => {
    await settings.set('SQUARE_MODE', 'production');
    await settings.set('SQUARE_LOCATION_ID', 'LOC-1');
    expect(await settings.getMany(['SQUARE_MODE', 'SQUARE_LOCATION_ID', 'SQUARE_ACCESS_TOKEN'])).toEqual({
      SQUARE_MODE: 'production',
      SQUARE_LOCATION_ID: 'LOC-1',
    });
    expect(await settings.getMany([])).toEqual({});
  });

  it('reads the rows once per request and keeps them between requests until a write through the app, here or told by another replica', async () => {
    await settings.set('SQUARE_LOCATION_ID', 'LOC-before');
    const write = (value: string) => t.dataSource.query(`UPDATE settings SET value = $1 WHERE key = 'SQUARE_LOCATION_ID'`, [value]);
    await withSettingsSnapshot(async () => {
      expect(await settings.get('SQUARE_LOCATION_ID')).toBe('LOC-before');
      await write('LOC-beside-the-app');
      // The same request keeps what it read first ...
      expect(await settings.get('SQUARE_LOCATION_ID')).toBe('LOC-before');
      expect(await settings.getMany(['SQUARE_LOCATION_ID'])).toEqual({ SQUARE_LOCATION_ID: 'LOC-before' });
      // ... until it writes a setting itself.
      await settings.set('SNAPSHOT_PROBE', 'written here');
      expect(await settings.get('SQUARE_LOCATION_ID')).toBe('LOC-beside-the-app');
      expect(await settings.get('SNAPSHOT_PROBE')).toBe('written here');
    });
    // A write through the app is seen by the next request at once.
    await settings.remove('SNAPSHOT_PROBE');
    await withSettingsSnapshot(async () => expect(await settings.get('SNAPSHOT_PROBE')).toBeUndefined());
    // A change made beside the app (psql) is not: the next request still has the kept rows ...
    await write('LOC-psql');
    await withSettingsSnapshot(async () => expect(await settings.get('SQUARE_LOCATION_ID')).toBe('LOC-beside-the-app'));
    // ... until the kept answers are cleared, as another replica's notice (or the time to live) clears them.
    t.app.get(PublicAnswerCache).clear();
    await withSettingsSnapshot(async () => expect(await settings.get('SQUARE_LOCATION_ID')).toBe('LOC-psql'));
    // Outside a request (jobs), every read goes to the table.
    await write('LOC-job');
    expect(await settings.get('SQUARE_LOCATION_ID')).toBe('LOC-job');
  });

  it('switches the web-payments environment with the stored SQUARE_MODE', async () => {
    const res = await t.agent().get('/api/square/web-payments/config');
    expect(res.status).toBe(200);
    // Production and not connected: no test payments unless the owner turns them on.
    expect(res.body).toMatchObject({ testMode: false, paymentsAvailable: false, environment: 'production' });
  });

  it('counts a stored (encrypted) access token as connected (no application id yet: 404)', async () => {
    await settings.setSecret('SQUARE_ACCESS_TOKEN', 'EAAA-stored-by-oauth');
    const res = await t.agent().get('/api/square/web-payments/config');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Square configuration not found');
    await settings.remove('SQUARE_ACCESS_TOKEN');
  });

  it('seals secrets with AES-256-GCM: the raw row hides the value, a tampered row reads as absent', async () => {
    await settings.setSecret('SQUARE_REFRESH_TOKEN', 'EQAA-very-secret');
    const raw = (await settings.get('SQUARE_REFRESH_TOKEN'))!;
    expect(raw).toMatch(/^enc:v1:/);
    expect(raw).not.toContain('very-secret');
    expect(await settings.openSecret(raw, 'SQUARE_REFRESH_TOKEN')).toBe('EQAA-very-secret');
    // Flip one byte of the ciphertext (`enc:v1:<iv>.<tag>.<ciphertext>`); editing base64 text at the end
    // could touch only padding bits and leave the bytes as they were.
    const [head, ciphertext] = [raw.slice(0, raw.lastIndexOf('.') + 1), Buffer.from(raw.slice(raw.lastIndexOf('.') + 1), 'base64url')];
    ciphertext[0] ^= 0xff;
    const tampered = head + ciphertext.toString('base64url');
    expect(await settings.openSecret(tampered, 'SQUARE_REFRESH_TOKEN')).toBeUndefined();
    expect(await settings.openSecret('EQAA-plain-text', 'SQUARE_REFRESH_TOKEN')).toBeUndefined();
    await settings.remove('SQUARE_REFRESH_TOKEN');
  });

  it('a plain (unencrypted) token row does not count as connected', async () => {
    await settings.set('SQUARE_ACCESS_TOKEN', 'EAAA-plain');
    const res = await t.agent().get('/api/square/web-payments/config');
    // Not connected (a connected shop without an application id would answer 404), and in production mode.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ testMode: false, paymentsAvailable: false });
    await settings.remove('SQUARE_ACCESS_TOKEN');
  });
});
