import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '@cocoa/shared-types';
import { Secret, TOTP } from 'otpauth';
import type { Response } from 'supertest';
import { checkoutBody, insertCheckoutProducts } from '../orders/orders.fixtures';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { databaseSnapshot } from '../test/db-snapshot';
import { nestRoutes, routeKey } from '../test/registered-routes';
import { type TestAgent, useTestApp } from '../test/test-app';
import { ACCOUNT_FREE_FAILURES } from './login-throttle.service';
import { STEP_UP_KEY } from '../common/step-up.guard';

/** A code of the account's app, as the phone computes it: `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + steps * 30_000 });

/**
 * Two-step sign-in and step-up (docs/security.md), end to end over HTTP on the real database:
 * enrolment, the sign-in's second step, one-time and recovery codes each taken once, wrong codes
 * counted with the sign-in limits, and the fresh re-check the most dangerous actions ask for.
 */
describe('two-step sign-in and step-up', () => {
  const t = useTestApp();

  const userId = async (username: string) => Number((await t.dataSource.query(`SELECT id FROM users WHERE username = $1`, [username]))[0].id);

  /** The sessions of a user as if they last entered their password or a code just past STEP_UP_MAX_AGE_S ago. */
  async function ageProof(username: string): Promise<void> {
    const provedAt = Date.now() - (t.config.STEP_UP_MAX_AGE_S + 1) * 1000;
    await t.dataSource.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{provedAt}', to_jsonb($2::bigint))::json WHERE sess::jsonb #>> '{passport,user}' = $1`,
      [String(await userId(username)), provedAt],
    );
  }

  /** A new account (an admin unless said otherwise), signed in on its own agent. */
  async function newAccount(admin = true): Promise<{ username: string; password: string; agent: TestAgent }> {
    const username = `sf_${randomBytes(4).toString('hex')}`;
    const password = `Cocoa-${randomBytes(6).toString('hex')}-pass`;
    await t
      .agent()
      .post('/api/register')
      .send({ username, email: `${username}@example.com`, password })
      .expect(201);
    if (admin) await t.dataSource.query(`UPDATE users SET is_admin = true WHERE username = $1`, [username]);
    // Signed in after the change of role (a session begun as a customer ends with it).
    return { username, password, agent: await t.signedIn(username, password) };
  }

  /** Enrols the agent's account (signed in just now, so freshly checked) and confirms it with the code of the step before. */
  async function enrol(agent: TestAgent): Promise<{ secret: string; recoveryCodes: string[] }> {
    const started = await agent.post('/api/auth/second-factor/enrolment').expect(200);
    const confirmed = await agent
      .post('/api/auth/second-factor/enrolment/confirm')
      .send({ code: codeOf(started.body.secret, -1) })
      .expect(200);
    return { secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  /** A new browser past the password step: the right password answers 401 while the code is still to come. */
  async function pastPassword(username: string, password: string): Promise<TestAgent> {
    const browser = t.agent();
    await browser.post('/api/login').send({ username, password }).expect(401);
    return browser;
  }

  async function adminWithFactor() {
    const account = await newAccount();
    return { ...account, ...(await enrol(account.agent)) };
  }

  describe('enrolment', () => {
    it('shows a secret with its QR code, keeps it sealed, asks for nothing until a code confirms it, then gives ten recovery codes once', async () => {
      const { username, password, agent } = await newAccount(false);
      const started = await agent.post('/api/auth/second-factor/enrolment');
      expect(started.status).toBe(200);
      expect(started.headers['cache-control']).toBe('no-store');
      const { secret, otpauthUri, qrCode } = started.body;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Cocoa Shop', algorithm: 'SHA1', digits: '6', period: '30' });
      expect(qrCode).toMatch(/^data:image\/png;base64,/);
      // At rest the secret is sealed (AES-GCM with the installation's key), never the text the app was given.
      const [row] = await t.dataSource.query(`SELECT secret, confirmed_at FROM second_factors WHERE user_id = $1`, [await userId(username)]);
      expect(row.secret).toMatch(/^enc:v1:/);
      expect(row.secret).not.toContain(secret);
      expect(row.confirmed_at).toBeNull();

      // Not on yet: the password alone still signs in, and the status says off.
      expect((await t.agent().post('/api/login').send({ username, password })).status).toBe(200);
      expect((await agent.get('/api/auth/second-factor')).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

      const wrong = await agent.post('/api/auth/second-factor/enrolment/confirm').send({ code: codeOf(secret, 5) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_CODE');
      const malformed = await agent.post('/api/auth/second-factor/enrolment/confirm').send({ code: '12ab56' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Enter the 6-digit code from your app');

      const confirmed = await agent.post('/api/auth/second-factor/enrolment/confirm').send({ code: codeOf(secret) });
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers['cache-control']).toBe('no-store');
      const codes: string[] = confirmed.body.recoveryCodes;
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      // Only their hashes are kept.
      const stored: { code_hash: string }[] = await t.dataSource.query(`SELECT code_hash FROM recovery_codes WHERE user_id = $1`, [await userId(username)]);
      expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
      expect(stored.map((r) => r.code_hash).some((hash) => codes.some((code) => hash.includes(code.replace(/-/g, ''))))).toBe(false);
      const status = (await agent.get('/api/auth/second-factor')).body;
      expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
      expect(Date.parse(status.enabledAt)).not.toBeNaN();

      // A customer's account asks for the code too, and a second enrolment waits until this one is off.
      expect((await t.agent().post('/api/login').send({ username, password })).body.code).toBe(SECOND_FACTOR_REQUIRED);
      expect((await agent.post('/api/auth/second-factor/enrolment')).status).toBe(409);
    });

    it('asks for a fresh check before showing a secret, making new recovery codes or turning the factor off', async () => {
      const { username, password, agent, recoveryCodes } = await adminWithFactor();
      await ageProof(username);
      const before = await databaseSnapshot(t.dataSource);
      for (const call of [
        () => agent.post('/api/auth/second-factor/recovery-codes'),
        () => agent.delete('/api/auth/second-factor'),
        () => agent.post('/api/auth/second-factor/enrolment'),
      ]) {
        const res = await call();
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: expect.stringContaining('confirm it is you'), code: STEP_UP_REQUIRED });
      }
      expect(await databaseSnapshot(t.dataSource)).toBe(before);

      await agent.post('/api/auth/step-up').send({ password }).expect(200);
      const renewed = await agent.post('/api/auth/second-factor/recovery-codes').expect(200);
      expect(renewed.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      // The old set no longer works.
      const signIn = await pastPassword(username, password);
      expect((await signIn.post('/api/login/second-factor').send({ code: recoveryCodes[0] })).status).toBe(401);

      const off = await agent.delete('/api/auth/second-factor');
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
      expect((await t.agent().post('/api/login').send({ username, password })).status).toBe(200);
    });
  });

  describe('signing in', () => {
    it('an admin with a factor is not signed in by the password alone; the password and a current code sign in', async () => {
      const { username, password, secret } = await adminWithFactor();
      const browser = t.agent();
      const first = await browser.post('/api/login').send({ username, password });
      expect(first.status).toBe(401);
      expect(first.body).toEqual({ message: expect.stringContaining('6-digit code'), code: SECOND_FACTOR_REQUIRED });
      // Nobody is signed in meanwhile: no admin endpoint answers.
      for (const path of ['/api/user', '/api/admin/orders', '/api/settings', '/api/database/backups', '/api/auth/second-factor']) {
        expect([path, (await browser.get(path)).status]).toEqual([path, 401]);
      }
      expect((await browser.post('/api/database/backup')).status).toBe(401);

      const second = await browser.post('/api/login/second-factor').send({ code: codeOf(secret) });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ username, isAdmin: true });
      expect((await browser.get('/api/admin/orders')).status).toBe(200);
      // Signing in counts as a fresh check.
      expect(Date.parse((await browser.get('/api/auth/step-up')).body.freshUntil)).toBeGreaterThan(Date.now());
    });

    it('refuses a code used already in its window, and a code sent without a password first', async () => {
      const { username, password, secret } = await adminWithFactor();
      const code = codeOf(secret);
      const first = await pastPassword(username, password);
      await first.post('/api/login/second-factor').send({ code }).expect(200);

      const again = await pastPassword(username, password);
      const reused = await again.post('/api/login/second-factor').send({ code });
      expect(reused.status).toBe(401);
      expect(reused.body.code).toBe('INVALID_CODE');
      expect((await again.get('/api/admin/orders')).status).toBe(401);
      // The next step's code still signs in.
      await again
        .post('/api/login/second-factor')
        .send({ code: codeOf(secret, 1) })
        .expect(200);

      const noPassword = await t
        .agent()
        .post('/api/login/second-factor')
        .send({ code: codeOf(secret) });
      expect(noPassword.status).toBe(401);
      expect(noPassword.body.code).toBe('SECOND_FACTOR_EXPIRED');
    });

    it('a recovery code signs in once, and not twice', async () => {
      const { username, password, recoveryCodes, agent } = await adminWithFactor();
      const [code] = recoveryCodes;
      const first = await pastPassword(username, password);
      // Typed in capitals without the dashes, it is the same code.
      const signedIn = await first.post('/api/login/second-factor').send({ code: code.replace(/-/g, '').toUpperCase() });
      expect(signedIn.status).toBe(200);
      expect((await first.get('/api/admin/orders')).status).toBe(200);
      expect((await agent.get('/api/auth/second-factor')).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

      const second = await pastPassword(username, password);
      const spent = await second.post('/api/login/second-factor').send({ code });
      expect(spent.status).toBe(401);
      expect(spent.body.code).toBe('INVALID_CODE');
      expect((await second.get('/api/admin/orders')).status).toBe(401);
    });

    it('the right password waits for its code five minutes at most', async () => {
      const { username, password, secret } = await adminWithFactor();
      const browser = await pastPassword(username, password);
      await t.dataSource.query(
        `UPDATE session SET sess = jsonb_set(sess::jsonb, '{secondFactorPending,passedAt}', to_jsonb($2::bigint))::json
          WHERE sess::jsonb #>> '{secondFactorPending,userId}' = $1`,
        [String(await userId(username)), Date.now() - 5 * 60 * 1000 - 1000],
      );
      const late = await browser.post('/api/login/second-factor').send({ code: codeOf(secret) });
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ message: expect.stringContaining('sign in with your password again'), code: 'SECOND_FACTOR_EXPIRED' });
    });

    it('counts wrong codes with the sign-in limits, and a right password in between does not forget them', async () => {
      const { username, password, secret } = await adminWithFactor();
      const browser = await pastPassword(username, password);
      const wrong = codeOf(secret, 10);
      for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) {
        expect((await browser.post('/api/login/second-factor').send({ code: wrong })).status).toBe(401);
      }
      // The password again (right): the failures stay counted.
      await browser.post('/api/login').send({ username, password }).expect(401);
      expect((await browser.post('/api/login/second-factor').send({ code: wrong })).status).toBe(401);
      expect((await browser.post('/api/login/second-factor').send({ code: wrong })).status).toBe(401);
      // Past the free failures the account waits before its next try, even a right code.
      const waiting = await browser.post('/api/login/second-factor').send({ code: codeOf(secret) });
      expect(waiting.status).toBe(429);
      expect(waiting.headers['retry-after']).toBeDefined();
      expect((await browser.get('/api/user')).status).toBe(401);
    });

    it('answers 400 for a body that is not a code, and changes nothing', async () => {
      const browser = t.agent();
      const before = await databaseSnapshot(t.dataSource);
      for (const body of [{}, { code: 12 }, { code: 'abc' }, { code: '1234567' }, { code: '123456', extra: 1 }, { code: 'x'.repeat(500) }]) {
        const res = await browser.post('/api/login/second-factor').send(body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        expect(res.body).toEqual({ message: expect.any(String), code: 'BAD_INPUT' });
      }
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });
  });

  describe('step-up', () => {
    it('a password or a current code renews the check for STEP_UP_MAX_AGE_S; a wrong one is refused and counted', async () => {
      const { username, password, agent, secret } = await adminWithFactor();
      await ageProof(username);
      expect((await agent.get('/api/auth/step-up')).body).toEqual({ freshUntil: null });

      const asked = Date.now();
      const res = await agent.post('/api/auth/step-up').send({ password });
      expect(res.status).toBe(200);
      const freshUntil = Date.parse(res.body.freshUntil);
      expect(freshUntil).toBeGreaterThanOrEqual(asked + t.config.STEP_UP_MAX_AGE_S * 1000);
      expect(freshUntil).toBeLessThanOrEqual(Date.now() + t.config.STEP_UP_MAX_AGE_S * 1000);

      await ageProof(username);
      await agent
        .post('/api/auth/step-up')
        .send({ code: codeOf(secret) })
        .expect(200);
      expect((await agent.get('/api/auth/step-up')).body.freshUntil).not.toBeNull();

      await ageProof(username);
      for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) {
        const refused = await agent.post('/api/auth/step-up').send({ password: 'not-the-password' });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ message: 'That password is not right.', code: 'STEP_UP_INCORRECT' });
      }
      expect((await agent.get('/api/auth/step-up')).body).toEqual({ freshUntil: null });
      // Counted with the account's sign-in limits: it now waits, even for the right password.
      expect((await agent.post('/api/auth/step-up').send({ password })).status).toBe(429);
      expect((await t.agent().post('/api/login').send({ username, password })).status).toBe(429);
    });

    it('answers 400 for a body that is neither a password nor a code', async () => {
      const { agent } = await newAccount();
      for (const body of [{}, { password: '' }, { code: 'abcdef' }, { password: 'x', code: '123456' }, { pin: '1234' }]) {
        const res = await agent.post('/api/auth/step-up').send(body);
        expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'BAD_INPUT']);
      }
    });

    it('is asked for by exactly the most dangerous actions', () => {
      const guarded = nestRoutes(t.app)
        .filter((r) => Reflect.getMetadata(STEP_UP_KEY, (r.controller.prototype as Record<string, unknown>)[r.handlerName] as object) === true)
        .map(routeKey)
        .sort();
      expect(guarded).toEqual(
        [
          'DELETE /api/auth/second-factor',
          'GET /api/database/backups/:filename',
          'GET /api/square/auth/url',
          'PATCH /api/users/:id/password',
          'POST /api/admin/bookings/:id/cancel',
          'POST /api/admin/bookings/:id/refunds/:refundId/retry',
          'POST /api/admin/orders/:id/cancel',
          'POST /api/admin/orders/:id/refunds',
          'POST /api/admin/orders/:id/refunds/:refundId/retry',
          'POST /api/auth/second-factor/enrolment',
          'POST /api/auth/second-factor/recovery-codes',
          'POST /api/database/restore/:filename',
          'POST /api/square/auth/disconnect',
        ].sort(),
      );
    });

    describe('the dangerous actions without a fresh check answer 403 STEP_UP_REQUIRED and change nothing; after step-up they work', () => {
      let owner: { username: string; password: string; agent: TestAgent };
      beforeAll(async () => {
        owner = await newAccount();
      });

      /** The action refused while the check is stale (nothing changed), then made after step-up. */
      async function refusedThenMade(action: () => Promise<Response>): Promise<Response> {
        await ageProof(owner.username);
        const before = await databaseSnapshot(t.dataSource);
        const refused = await action();
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: expect.stringContaining('confirm it is you'), code: STEP_UP_REQUIRED });
        expect(await databaseSnapshot(t.dataSource)).toBe(before);
        await owner.agent.post('/api/auth/step-up').send({ password: owner.password }).expect(200);
        return action();
      }

      it('restoring a backup', async () => {
        const { filename } = (await owner.agent.post('/api/database/backup').expect(201)).body;
        await t.dataSource.query(`INSERT INTO categories (name, slug) VALUES ('After the backup', 'after-the-backup')`);
        const made = await refusedThenMade(() => owner.agent.post(`/api/database/restore/${filename}`));
        expect(made.status).toBe(200);
        expect(await t.dataSource.query(`SELECT id FROM categories WHERE slug = 'after-the-backup'`)).toEqual([]);
      });

      it('downloading a backup (every customer’s data)', async () => {
        const { filename } = (await owner.agent.post('/api/database/backup').expect(201)).body;
        const made = await refusedThenMade(() => owner.agent.get(`/api/database/backups/${filename}`).buffer(true));
        expect(made.status).toBe(200);
      });

      it('refunding and cancelling an order', async () => {
        const f = await insertCheckoutProducts(t.dataSource);
        const place = async () => (await t.agent().post('/api/square/checkout/complete').send(checkoutBody(f)).expect(200)).body.orderId as string;
        const id = await place();
        const refund = await refusedThenMade(() => owner.agent.post(`/api/admin/orders/${id}/refunds`).send({ amountCents: 500, reason: 'Damaged tin' }));
        expect(refund.status).toBe(200);
        expect(refund.body.totals.refundedCents).toBe(500);
        const other = await place();
        const cancel = await refusedThenMade(() => owner.agent.post(`/api/admin/orders/${other}/cancel`).send({ reason: 'Customer asked' }));
        expect(cancel.status).toBe(200);
        expect(cancel.body.fulfilmentStatus).toBe('cancelled');
      });

      it('disconnecting and connecting Square', async () => {
        const settings = t.app.get(SettingsService);
        await settings.setSecret(SETTING_KEYS.squareAccessToken, 'EAAA-stored-token');
        await settings.set(SETTING_KEYS.squareApplicationId, 'sandbox-sq0idb-TestApplication01');
        const disconnected = await refusedThenMade(() => owner.agent.post('/api/square/auth/disconnect'));
        expect(disconnected.status).toBe(200);
        expect(await settings.get(SETTING_KEYS.squareAccessToken)).toBeUndefined();
        const connect = await refusedThenMade(() => owner.agent.get('/api/square/auth/url'));
        expect(connect.status).toBe(200);
        expect(connect.body.authUrl).toContain('client_id=sandbox-sq0idb-TestApplication01');
      });

      it('changing the password, and the account’s e-mail (where reset links go)', async () => {
        const id = await userId(owner.username);
        const newPassword = `${owner.password}-new`;
        const changed = await refusedThenMade(() => owner.agent.patch(`/api/users/${id}/password`).send({ currentPassword: owner.password, newPassword }));
        expect(changed.status).toBe(200);
        owner.password = newPassword;
        await t.agent().post('/api/login').send({ username: owner.username, password: newPassword }).expect(200);

        const email = `${owner.username}.new@example.com`;
        const moved = await refusedThenMade(() => owner.agent.patch('/api/me/customer').send({ email, firstName: 'Olive' }));
        expect(moved.status).toBe(200);
        expect(moved.body).toMatchObject({ emailAddress: email, givenName: 'Olive' });
        // The same e-mail with other fields needs no fresh check.
        await ageProof(owner.username);
        const kept = await owner.agent.patch('/api/me/customer').send({ email: email.toUpperCase(), firstName: 'Olivia' });
        expect(kept.status).toBe(200);
        expect(kept.body.givenName).toBe('Olivia');
      });
    });
  });
});
