import {
  acceptsTestPayments,
  BACKUP_FILENAME_PATTERN,
  backupKindOf,
  imageBulkDeleteSchema,
  imageUploadFieldsSchema,
  settingUpdateSchema,
  squareApplicationIdMismatch,
} from './admin.schema';

describe('admin wire schemas', () => {
  it('accepts the allow-listed settings with valid values only', () => {
    expect(settingUpdateSchema.parse({ key: 'SQUARE_MODE', value: 'production' })).toEqual({ key: 'SQUARE_MODE', value: 'production' });
    expect(settingUpdateSchema.parse({ key: 'SQUARE_APPLICATION_ID', value: ' sandbox-sq0idb-AbCdEf123456 ' })).toEqual({
      key: 'SQUARE_APPLICATION_ID',
      value: 'sandbox-sq0idb-AbCdEf123456',
    });
    expect(settingUpdateSchema.parse({ key: 'SQUARE_APPLICATION_ID', value: 'sq0idp-AbCdEf123456' }).value).toBe('sq0idp-AbCdEf123456');
    expect(settingUpdateSchema.parse({ key: 'SQUARE_LOCATION_ID', value: '' }).value).toBe('');
    for (const bad of [
      { key: 'SQUARE_ACCESS_TOKEN', value: 'x' },
      { key: 'SQUARE_MODE', value: 'live' },
      { key: 'SQUARE_APPLICATION_ID', value: 'sq0idp-short' },
      { key: 'SQUARE_APPLICATION_ID', value: 'sq0csp-secret-looking-123' },
      { key: 'SQUARE_MODE', value: 'sandbox', extra: 1 },
    ]) {
      expect(settingUpdateSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('backup names: only [safety-|uploaded-]backup-YYYYMMDD-HHMMSS-<6 hex>.json.gz, the prefix giving the kind', () => {
    expect(BACKUP_FILENAME_PATTERN.test('backup-20261122-061500-a1b2c3.json.gz')).toBe(true);
    expect(
      ['backup-20261122-061500-a1b2c3.json.gz', 'safety-backup-20261122-061500-a1b2c3.json.gz', 'uploaded-backup-20261122-061500-a1b2c3.json.gz'].map((n) => [
        BACKUP_FILENAME_PATTERN.test(n),
        backupKindOf(n),
      ]),
    ).toEqual([
      [true, 'manual'],
      [true, 'safety'],
      [true, 'uploaded'],
    ]);
    for (const bad of [
      '../backup-20261122-061500-a1b2c3.json.gz',
      'backup-20261122-061500-a1b2c3.json.gz/..',
      'backup-20261122-061500-A1B2C3.json.gz',
      'backup-2026112-061500-a1b2c3.json.gz',
      'x.json.gz',
      'other-backup-20261122-061500-a1b2c3.json.gz',
      'safety-uploaded-backup-20261122-061500-a1b2c3.json.gz',
      'safety-20261122-061500-a1b2c3.json.gz',
    ]) {
      expect(BACKUP_FILENAME_PATTERN.test(bad)).toBe(false);
    }
  });

  it('image fields and bulk delete bounds', () => {
    expect(imageUploadFieldsSchema.parse({ type: 'hot', replace: 'true', target: 'a.png' })).toEqual({ type: 'hot', replace: 'true', target: 'a.png' });
    expect(imageUploadFieldsSchema.safeParse({ replace: 'yes' }).success).toBe(false);
    expect(imageBulkDeleteSchema.safeParse({ imagePaths: [] }).success).toBe(false);
    expect(imageBulkDeleteSchema.safeParse({ imagePaths: Array(501).fill('a.png') }).success).toBe(false);
  });

  it('an application id fits only the environment its prefix names', () => {
    expect(squareApplicationIdMismatch('sandbox-sq0idb-AbCdEf123456', 'sandbox')).toBeUndefined();
    expect(squareApplicationIdMismatch('sq0idp-AbCdEf123456', 'production')).toBeUndefined();
    expect(squareApplicationIdMismatch('sandbox-sq0idb-AbCdEf123456', 'production')).toMatch(
      /^This is a sandbox Application ID .* but the environment is production/,
    );
    expect(squareApplicationIdMismatch('sq0idp-AbCdEf123456', 'sandbox')).toMatch(/^This is a production Application ID .* but the environment is sandbox/);
  });

  it('takes test payments in sandbox mode unless the owner said no, in production mode only when the owner said yes', () => {
    expect(acceptsTestPayments(undefined, 'sandbox')).toBe(true);
    expect(acceptsTestPayments('false', 'sandbox')).toBe(false);
    expect(acceptsTestPayments(undefined, 'production')).toBe(false);
    expect(acceptsTestPayments('garbage', 'production')).toBe(false);
    expect(acceptsTestPayments('true', 'production')).toBe(true);
    expect(settingUpdateSchema.safeParse({ key: 'ACCEPT_TEST_PAYMENTS', value: 'yes' }).success).toBe(false);
  });
});
