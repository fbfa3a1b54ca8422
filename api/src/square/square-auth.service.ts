import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type SquareAuthStatus, squareApplicationIdMismatch } from '@cocoa/shared-types';
import type { SquareClient } from 'square';
import { UserInputError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import { sameText } from '../common/same-text';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { SQUARE_OAUTH_SCOPES, type SquareMode, squareAuthorizeUrl, squareBaseUrl, squareRedirectUri } from './square.urls';
import { squareSdk } from './square-sdk';

const STATE_TTL_MS = 15 * 60 * 1000;
/** Refresh on use when the access token has less than this left (Square's tokens last 30 days). */
export const REFRESH_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;
const TIMEOUT_S = 30;

interface PendingState {
  state: string;
  /** PKCE verifier, when no application secret is configured. */
  verifier: string | null;
  mode: SquareMode;
  createdAt: number;
}

export type CallbackOutcome = 'connected' | 'error';

/**
 * The Square OAuth connection: the authorisation URL (with a single-use state kept server-side),
 * the code exchange through the real SDK's `oAuth.obtainToken`, tokens stored encrypted in
 * settings, refresh before expiry, disconnect. `accessToken()` is the one way to the token.
 */
@Injectable()
export class SquareAuthService {
  private refreshing: Promise<string | null> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  async mode(): Promise<SquareMode> {
    const stored = await this.settings.get(SETTING_KEYS.squareMode);
    return stored === 'production' || stored === 'sandbox' ? stored : this.config.SQUARE_MODE;
  }

  /** Square's authorize page for the saved application id, with a fresh state (and PKCE challenge). */
  async authUrl(): Promise<{ authUrl: string }> {
    const applicationId = await this.settings.get(SETTING_KEYS.squareApplicationId);
    if (!applicationId) throw new UserInputError('Please save your Square Application ID first.', 'SQUARE_CONFIGURATION_REQUIRED');
    const mode = await this.mode();
    // An id left from the other environment would open Square's page for the wrong one.
    const mismatch = squareApplicationIdMismatch(applicationId, mode);
    if (mismatch) throw new UserInputError(mismatch, 'SQUARE_CONFIGURATION_REQUIRED');
    const pending: PendingState = {
      state: randomBytes(24).toString('base64url'),
      verifier: this.config.SQUARE_APPLICATION_SECRET ? null : randomBytes(48).toString('base64url'),
      mode,
      createdAt: Date.now(),
    };
    await this.settings.setSecret(SETTING_KEYS.squareOAuthState, JSON.stringify(pending));
    const url = new URL(squareAuthorizeUrl(this.config, mode));
    url.searchParams.set('client_id', applicationId);
    url.searchParams.set('scope', SQUARE_OAUTH_SCOPES.join(' '));
    url.searchParams.set('session', 'false');
    url.searchParams.set('state', pending.state);
    url.searchParams.set('redirect_uri', squareRedirectUri(this.config));
    if (pending.verifier) url.searchParams.set('code_challenge', createHash('sha256').update(pending.verifier).digest('base64url'));
    return { authUrl: url.toString() };
  }

  /**
   * Square's redirect back. The state must be the one we issued (single use, 15 minutes); the code
   * is exchanged for tokens, which are stored encrypted. Never throws: the browser is redirected.
   */
  async handleCallback(query: { code?: string; state?: string; error?: string }): Promise<CallbackOutcome> {
    const pending = query.state ? await this.takeState(query.state) : undefined;
    if (!pending) {
      log('warn', 'square oauth callback with an unknown or expired state');
      return 'error';
    }
    if (query.error || !query.code) {
      log('warn', 'square oauth refused by the seller', { error: query.error });
      return 'error';
    }
    const applicationId = await this.settings.get(SETTING_KEYS.squareApplicationId);
    if (!applicationId) return 'error';
    try {
      const answer = await this.oauthClient(pending.mode).oAuth.obtainToken({
        clientId: applicationId,
        grantType: 'authorization_code',
        code: query.code,
        redirectUri: squareRedirectUri(this.config),
        ...(this.config.SQUARE_APPLICATION_SECRET ? { clientSecret: this.config.SQUARE_APPLICATION_SECRET } : { codeVerifier: pending.verifier }),
      });
      if (!answer.accessToken) throw new Error('Square answered no access token');
      await this.storeTokens(answer, pending.mode);
      log('info', 'square connected', { merchantId: answer.merchantId });
      return 'connected';
    } catch (err) {
      log('warn', 'square oauth code exchange failed', { error: describe(err) });
      return 'error';
    }
  }

  async status(): Promise<SquareAuthStatus> {
    const merchantId = (await this.settings.get(SETTING_KEYS.squareMerchantId)) || null;
    if (this.config.SQUARE_ACCESS_TOKEN) return { connected: true, merchantId };
    const stored = await this.settings.getMany([
      SETTING_KEYS.squareAccessToken,
      SETTING_KEYS.squareTokenExpiresAt,
      SETTING_KEYS.squareTokenMode,
      SETTING_KEYS.squareMode,
    ]);
    const token = this.forCurrentMode(stored)
      ? await this.settings.openSecret(stored[SETTING_KEYS.squareAccessToken], SETTING_KEYS.squareAccessToken)
      : undefined;
    const expiresAt = Date.parse(stored[SETTING_KEYS.squareTokenExpiresAt] ?? '');
    const connected = Boolean(token) && (Number.isNaN(expiresAt) || expiresAt > Date.now());
    return { connected, merchantId: connected ? merchantId : null };
  }

  /**
   * The access token every Square call uses: SQUARE_ACCESS_TOKEN from the environment overrides;
   * else the stored OAuth token, decrypted, refreshed first when it has under 7 days left.
   * Null when Square is not connected (checkout then runs in test mode).
   */
  async accessToken(): Promise<string | null> {
    if (this.config.SQUARE_ACCESS_TOKEN) return this.config.SQUARE_ACCESS_TOKEN;
    const stored = await this.settings.getMany([
      SETTING_KEYS.squareAccessToken,
      SETTING_KEYS.squareRefreshToken,
      SETTING_KEYS.squareTokenExpiresAt,
      SETTING_KEYS.squareTokenMode,
      SETTING_KEYS.squareMode,
    ]);
    // A sandbox token means nothing to production Square (and the reverse): connect again after switching.
    if (!this.forCurrentMode(stored)) return null;
    const token = await this.settings.openSecret(stored[SETTING_KEYS.squareAccessToken], SETTING_KEYS.squareAccessToken);
    if (!token) return null;
    const expiresAt = Date.parse(stored[SETTING_KEYS.squareTokenExpiresAt] ?? '');
    if (Number.isNaN(expiresAt) || expiresAt - Date.now() > REFRESH_BEFORE_MS || !stored[SETTING_KEYS.squareRefreshToken]) {
      return Number.isNaN(expiresAt) || expiresAt > Date.now() ? token : null;
    }
    this.refreshing ??= this.refresh(stored[SETTING_KEYS.squareRefreshToken]).finally(() => (this.refreshing = undefined));
    const fresh = await this.refreshing;
    if (fresh) return fresh;
    // Refresh failed: the old token still works until it expires.
    return expiresAt > Date.now() ? token : null;
  }

  /** Forgets the tokens (revoking them at Square when the application secret is known). */
  async disconnect(): Promise<SquareAuthStatus> {
    const applicationId = await this.settings.get(SETTING_KEYS.squareApplicationId);
    const sealed = await this.settings.get(SETTING_KEYS.squareAccessToken);
    const token = await this.settings.openSecret(sealed, SETTING_KEYS.squareAccessToken);
    if (token && applicationId && this.config.SQUARE_APPLICATION_SECRET) {
      // RevokeToken authenticates the application itself: `Authorization: Client <secret>`.
      const secret = this.config.SQUARE_APPLICATION_SECRET;
      await this.oauthClient(await this.mode(), () => Promise.resolve({ headers: { Authorization: `Client ${secret}` } }))
        .oAuth.revokeToken({ clientId: applicationId, accessToken: token })
        .catch((err: unknown) => log('warn', 'square token revoke failed; forgetting it anyway', { error: describe(err) }));
    }
    await this.settings.remove(
      SETTING_KEYS.squareAccessToken,
      SETTING_KEYS.squareRefreshToken,
      SETTING_KEYS.squareTokenExpiresAt,
      SETTING_KEYS.squareTokenMode,
      SETTING_KEYS.squareMerchantId,
      SETTING_KEYS.squareOAuthState,
    );
    return this.status();
  }

  private async refresh(sealedRefresh: string): Promise<string | null> {
    const refreshToken = await this.settings.openSecret(sealedRefresh, SETTING_KEYS.squareRefreshToken);
    const applicationId = await this.settings.get(SETTING_KEYS.squareApplicationId);
    if (!refreshToken || !applicationId) return null;
    const mode = await this.mode();
    try {
      const answer = await this.oauthClient(mode).oAuth.obtainToken({
        clientId: applicationId,
        grantType: 'refresh_token',
        refreshToken,
        ...(this.config.SQUARE_APPLICATION_SECRET ? { clientSecret: this.config.SQUARE_APPLICATION_SECRET } : {}),
      });
      if (!answer.accessToken) throw new Error('Square answered no access token');
      await this.storeTokens({ ...answer, refreshToken: answer.refreshToken ?? refreshToken }, mode);
      log('info', 'square access token refreshed', { expiresAt: answer.expiresAt });
      return answer.accessToken;
    } catch (err) {
      log('warn', 'square token refresh failed', { error: describe(err) });
      return null;
    }
  }

  /** True when the stored token was issued for the mode now chosen (tokens from before this rule count). */
  private forCurrentMode(stored: Record<string, string>): boolean {
    const tokenMode = stored[SETTING_KEYS.squareTokenMode];
    const mode =
      stored[SETTING_KEYS.squareMode] === 'production' || stored[SETTING_KEYS.squareMode] === 'sandbox'
        ? stored[SETTING_KEYS.squareMode]
        : this.config.SQUARE_MODE;
    return !tokenMode || tokenMode === mode;
  }

  private async storeTokens(answer: { accessToken?: string; refreshToken?: string; expiresAt?: string; merchantId?: string }, mode: SquareMode): Promise<void> {
    await this.settings.setSecret(SETTING_KEYS.squareAccessToken, answer.accessToken!);
    await this.settings.set(SETTING_KEYS.squareTokenMode, mode);
    if (answer.refreshToken) await this.settings.setSecret(SETTING_KEYS.squareRefreshToken, answer.refreshToken);
    if (answer.expiresAt && !Number.isNaN(Date.parse(answer.expiresAt)))
      await this.settings.set(SETTING_KEYS.squareTokenExpiresAt, new Date(answer.expiresAt).toISOString());
    else await this.settings.remove(SETTING_KEYS.squareTokenExpiresAt);
    if (answer.merchantId) await this.settings.set(SETTING_KEYS.squareMerchantId, answer.merchantId);
  }

  /**
   * The pending state when `state` matches it, removed as it is taken (single use). A wrong state
   * leaves the owner's pending connection alone; an expired one is dropped.
   */
  private async takeState(state: string): Promise<PendingState | undefined> {
    const sealed = await this.settings.get(SETTING_KEYS.squareOAuthState);
    const plain = await this.settings.openSecret(sealed, SETTING_KEYS.squareOAuthState);
    let pending: PendingState | undefined;
    try {
      pending = plain ? (JSON.parse(plain) as PendingState) : undefined;
    } catch {
      pending = undefined;
    }
    const expired = !pending || Date.now() - pending.createdAt >= STATE_TTL_MS;
    const matches = !expired && sameText(pending!.state, state);
    if (sealed && expired) await this.settings.remove(SETTING_KEYS.squareOAuthState);
    // Only the request that deletes the row goes on: a state is used once even by concurrent calls.
    return matches && (await this.settings.removeIf(SETTING_KEYS.squareOAuthState, sealed!)) ? pending : undefined;
  }

  private oauthClient(mode: SquareMode, auth?: () => Promise<{ headers: Record<string, string> }>): SquareClient {
    return new (squareSdk().SquareClient)({ baseUrl: squareBaseUrl(this.config, mode), maxRetries: 0, timeoutInSeconds: TIMEOUT_S, ...(auth ? { auth } : {}) });
  }
}

function describe(err: unknown): string {
  if (err instanceof squareSdk().SquareError) return `${err.statusCode ?? ''} ${err.errors[0]?.code ?? ''} ${err.errors[0]?.detail ?? err.message}`.trim();
  return errorText(err);
}
