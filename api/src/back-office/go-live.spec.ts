import { Secret, TOTP } from 'otpauth';
import { type GoLiveChecklist, type GoLiveItem, goLiveChecklistSchema, shopIdentityInputSchema } from '@cocoa/shared-types';
import { BackupScheduleService } from '../backup/backup-schedule.service';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { ShopIdentityService } from '../settings/shop-identity.service';
import { useSmtpApp } from '../test/smtp-app';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { GoLiveService } from './go-live.service';

const CHECKLIST = '/api/admin/go-live';
const DAY_MS = 24 * 60 * 60 * 1000;

const IDENTITY = {
  name: 'Ruth’s Mill Cocoa',
  logo: '',
  street: '42 Mill Road',
  city: 'Peoria',
  region: 'IL',
  postcode: '61602',
  country: 'US' as const,
  phone: '(309) 231-4477',
  email: 'ruth@ruthsmill.com',
  hours: '',
  socialLinks: [] as string[],
};

async function checklistOf(admin: TestAgent): Promise<GoLiveChecklist> {
  return goLiveChecklistSchema.parse((await admin.get(CHECKLIST).expect(200)).body);
}

function lineOf(list: GoLiveChecklist, id: GoLiveItem) {
  const line = list.items.find((item) => item.id === id);
  if (!line) throw new Error(`no ${id} line`);
  return line;
}

/**
 * The go-live checklist on the admin's first screen: every line says what is missing and where it
 * is fixed, and turns done when it is (docs/admin.md, "Go-live checklist").
 */
describe('the go-live checklist (GET /api/admin/go-live)', () => {
  describe('on a fresh demo shop without outgoing mail, on http', () => {
    const t = useTestApp();
    let admin: TestAgent;

    beforeAll(async () => {
      admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    });

    it('is for admins only', async () => {
      await t.agent().get(CHECKLIST).expect(401);
      await t.agent().post(`${CHECKLIST}/test-mail`).expect(401);
    });

    it('lists every step as missing, each saying what is missing and linking to where it is fixed', async () => {
      const list = await checklistOf(admin);
      expect(list.items.map((item) => [item.id, item.done])).toEqual([
        ['square', false],
        ['identity', false],
        ['legal', false],
        ['mail', false],
        ['backups', false],
        ['password', false],
        ['secondFactor', false],
        ['publicUrl', false],
      ]);
      expect(list.ready).toBe(false);
      expect(lineOf(list, 'square')).toMatchObject({ missing: expect.stringContaining('not connected'), fix: '/admin?tab=settings' });
      expect(lineOf(list, 'square').missing).toContain('SQUARE_MODE=production');
      expect(lineOf(list, 'identity')).toMatchObject({
        missing: expect.stringContaining('name, address, phone and e-mail'),
        fix: '/admin?tab=settings#shop-identity',
      });
      expect(lineOf(list, 'legal')).toMatchObject({ missing: expect.stringContaining('mark them reviewed'), fix: '/admin?tab=legal' });
      expect(lineOf(list, 'mail').missing).toContain('SMTP_URL is not set');
      expect(lineOf(list, 'backups')).toMatchObject({ missing: 'The daily backup is off.', fix: '/admin?tab=database' });
      expect(lineOf(list, 'password')).toMatchObject({ missing: expect.stringContaining('"admin"'), fix: '/account' });
      expect(lineOf(list, 'secondFactor')).toMatchObject({ missing: expect.stringContaining('two-step sign-in for "admin"'), fix: '/account/security' });
      expect(lineOf(list, 'publicUrl')).toMatchObject({
        missing: expect.stringMatching(/^PUBLIC_URL in the server’s configuration is http:\/\/\S+, not an https:\/\/ address\.$/),
        fix: '',
      });
    });

    it("turns the identity line done once the shop's name, address, phone and e-mail are set", async () => {
      await admin
        .put('/api/settings/shop-identity')
        .send({ ...IDENTITY, phone: '' })
        .expect(200);
      expect(lineOf(await checklistOf(admin), 'identity')).toMatchObject({ done: false, missing: expect.stringContaining("shop's phone") });
      await admin.put('/api/settings/shop-identity').send(IDENTITY).expect(200);
      expect(lineOf(await checklistOf(admin), 'identity')).toMatchObject({ done: true, missing: '' });
    });

    it('turns the legal line done when the owner marks the legal pages reviewed', async () => {
      await admin.post('/api/admin/legal-pages/reviewed').expect((res) => expect(res.status).toBeLessThan(300));
      expect(lineOf(await checklistOf(admin), 'legal').done).toBe(true);
    });

    it("turns the password line done when the first admin's password is changed", async () => {
      const me = (await admin.get('/api/user').expect(200)).body as { id: number };
      await admin
        .patch(`/api/users/${me.id}/password`)
        .send({ currentPassword: TEST_ADMIN.password, newPassword: 'a-new-and-long-cocoa-passphrase' })
        .expect((res) => expect(res.status).toBeLessThan(300));
      const again = await t.signedIn(TEST_ADMIN.username, 'a-new-and-long-cocoa-passphrase');
      expect(lineOf(await checklistOf(again), 'password')).toMatchObject({ done: true, missing: '' });
      admin = again;
    });

    it('turns the second-factor line done once every admin has turned on two-step sign-in', async () => {
      const started = await admin.post('/api/auth/second-factor/enrolment').expect(200);
      const code = TOTP.generate({ secret: Secret.fromBase32(started.body.secret), algorithm: 'SHA1', digits: 6, period: 30 });
      await admin.post('/api/auth/second-factor/enrolment/confirm').send({ code }).expect(200);
      expect(lineOf(await checklistOf(admin), 'secondFactor')).toMatchObject({ done: true, missing: '' });
      // a second admin without one makes it a step to do again, naming that account
      await t
        .agent()
        .post('/api/register')
        .send({ username: 'second_owner', email: 'second-owner@example.com', password: 'cocoa-second-owner-pass' })
        .expect(201);
      await t.dataSource.query(`UPDATE users SET is_admin = true WHERE username = 'second_owner'`);
      expect(lineOf(await checklistOf(admin), 'secondFactor')).toMatchObject({ done: false, missing: expect.stringContaining('"second_owner"') });
    });

    it('turns the backups line done when the owner turns the daily backup on (it takes the first at once), and back when it has not run for 2 days', async () => {
      const turnedOn = (await admin.put('/api/database/schedule').send({ enabled: true, keep: 2 }).expect(200)).body as { lastRunAt: string | null };
      expect(turnedOn.lastRunAt).not.toBeNull();
      expect(lineOf(await checklistOf(admin), 'backups')).toMatchObject({ done: true, missing: '' });
      // Saved again while on, it takes no extra backup.
      await admin.put('/api/database/schedule').send({ enabled: true, keep: 2 }).expect(200);
      const scheduledNow = (await admin.get('/api/database/backups').expect(200)).body.backups as Array<{ kind: string }>;
      expect(scheduledNow.filter((b) => b.kind === 'scheduled')).toHaveLength(1);
      const schedule = t.app.get(BackupScheduleService);
      for (let i = 0; i < 2; i++) expect(await schedule.runDaily()).toMatch(/^scheduled-backup-/);
      // Only the newest 2 scheduled backups are kept.
      const listed = (await admin.get('/api/database/backups').expect(200)).body.backups as Array<{ kind: string }>;
      expect(listed.filter((b) => b.kind === 'scheduled')).toHaveLength(2);
      expect(lineOf(await checklistOf(admin), 'backups').done).toBe(true);
      const later = await t.app.get(GoLiveService).checklist(new Date(Date.now() + 3 * DAY_MS));
      expect(lineOf(later, 'backups')).toMatchObject({ done: false, missing: 'The daily backup has not run in the last 2 days.' });
    });

    it('refuses bad schedule input with a 400 and changes nothing', async () => {
      const before = (await admin.get('/api/database/schedule').expect(200)).body;
      const res = await admin.put('/api/database/schedule').send({ enabled: true, keep: 0 }).expect(400);
      expect(res.body).toEqual({ message: 'Keep at least 1 backup', code: expect.any(String) });
      expect((await admin.get('/api/database/schedule').expect(200)).body).toEqual(before);
    });

    it('turns the Square line done only when Square is connected in production mode', async () => {
      const settings = t.app.get(SettingsService);
      await settings.set(SETTING_KEYS.squareMode, 'sandbox');
      await settings.setSecret(SETTING_KEYS.squareAccessToken, 'sandbox-token');
      await settings.set(SETTING_KEYS.squareTokenMode, 'sandbox');
      expect(lineOf(await checklistOf(admin), 'square')).toMatchObject({ done: false, missing: expect.stringContaining('sandbox mode') });
      expect(lineOf(await checklistOf(admin), 'square').missing).toContain('SQUARE_MODE=production');
      await settings.set(SETTING_KEYS.squareMode, 'production');
      await settings.setSecret(SETTING_KEYS.squareAccessToken, 'production-token');
      await settings.set(SETTING_KEYS.squareTokenMode, 'production');
      expect(lineOf(await checklistOf(admin), 'square').done).toBe(true);
    });

    it('refuses a test e-mail while outgoing mail is not set up', async () => {
      const res = await admin.post(`${CHECKLIST}/test-mail`).expect(409);
      expect(res.body).toEqual({ message: expect.stringContaining('SMTP_URL'), code: 'MAIL_NOT_CONFIGURED' });
      expect(await t.dataSource.query(`SELECT id FROM mail_outbox WHERE template = 'mail-test'`)).toEqual([]);
    });
  });

  /** Over https the session cookie is Secure, so the admin's calls are made to the services here; the link is followed over HTTP. */
  describe('with outgoing mail and an https address', () => {
    const { smtp, t } = useSmtpApp({ PUBLIC_URL: 'https://shop.example.com', CONTACT_TO: 'owner@ruthsmill.com' });
    const checklist = () => t.app.get(GoLiveService).checklist();

    it('has the public address line done', async () => {
      expect(lineOf(await checklist(), 'publicUrl')).toMatchObject({ done: true, missing: '' });
    });

    it('mails the shop a test whose link marks outgoing mail as working, from the shop’s name', async () => {
      await t.app.get(ShopIdentityService).save(shopIdentityInputSchema.parse(IDENTITY));
      expect(lineOf(await checklist(), 'mail')).toMatchObject({ done: false, missing: expect.stringContaining('owner@ruthsmill.com') });
      expect(await t.app.get(GoLiveService).sendTestMail()).toEqual({ to: 'owner@ruthsmill.com' });
      const [received] = await smtp.waitFor(1);
      expect(received.to).toEqual(['owner@ruthsmill.com']);
      expect(received.data).toMatch(/^From: =\?UTF-8\?Q\?Ruth=E2=80=99s_Mill_Cocoa\?= <no-reply@cocoa\.local>/m);
      const unfolded = received.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
      const link = /https:\/\/shop\.example\.com(\/api\/admin\/go-live\/mail-confirmed\?token=[0-9a-z]+\.[A-Za-z0-9_-]{43})/.exec(unfolded);
      expect(link).not.toBeNull();

      // A forged or altered link is refused and changes nothing.
      const forged = link![1].slice(0, -2) + (link![1].endsWith('AA') ? 'BB' : 'AA');
      const refused = await t.agent().get(forged).expect(400);
      expect(refused.body).toEqual({ message: expect.stringContaining('not valid'), code: 'MAIL_TEST_LINK_INVALID' });
      expect(lineOf(await checklist(), 'mail').done).toBe(false);

      // Followed from the mailbox, signed in or not, it marks the line done and opens the admin.
      const followed = await t.agent().get(link![1]).expect(303);
      expect(followed.headers.location).toBe('/admin?mail-test=confirmed');
      expect(lineOf(await checklist(), 'mail')).toMatchObject({ done: true, missing: '' });
    });
  });
});
