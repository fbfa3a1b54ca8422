import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { Spinner } from '../../../ui/skeleton';
import { fetchSquareAuthUrl } from './api/square-auth-url';
import { useDisconnectSquare } from './api/disconnect-square';
import { useSquareAuthStatus } from './api/square-status';
import { useSyncSquareCatalog } from './api/sync-square-catalog';
import { localTimeZone, settingValueSchemas, type SquareMode, zoneAbbreviation } from '@cocoa/shared-types';
import { TextField } from '../../../ui/text-field';
import { useSaveShopTimeZone, useSaveSquareConfig, useSaveTestPayments } from './api/save-setting';
import { useSettings } from './api/settings';
import { MutationConfirmDialog } from '../shared/dialog';
import { SaveActions } from '../shared/settings-form';
import { MailTemplatesCard } from './mail-templates-card';
import { OutgoingMailCard } from './outgoing-mail-card';
import { ShopIdentityCard } from './shop-identity-card';
import { CspReportsCard } from './csp-reports-card';
import { ShippingCard } from './shipping-card';
import { CouldNot } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';

/** The browser leaves for Square's authorisation page (replaceable in tests). */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/** Settings & Square Integration. */
export function SettingsTab() {
  useSquareCallbackOutcome();
  return (
    <div className="admin-stack">
      <ShopIdentityCard />
      <ConnectionCard />
      <SquareConfigCard />
      <TestPaymentsCard />
      <ShopTimeZoneCard />
      <ShippingCard />
      <MailTemplatesCard />
      <OutgoingMailCard />
      <CspReportsCard />
      <LegacyProviderCard />
    </div>
  );
}

/** Back from Square: the OAuth callback sends the browser to /admin?square=connected|error. */
function useSquareCallbackOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('square');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'connected') toast('Square connected', 'Your Square account is connected.');
    else errorToast('Connection failed', 'Failed to connect to Square.');
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete('square');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}

function ConnectionCard() {
  const status = useSquareAuthStatus();
  const settings = useSettings();
  const disconnect = useDisconnectSquare();
  const sync = useSyncSquareCatalog();
  const [connecting, setConnecting] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const connected = status.data?.connected === true;

  const connect = async () => {
    const savedId = settings.data?.SQUARE_APPLICATION_ID?.trim();
    if (!savedId) {
      errorToast('Configuration required', 'Please save your Square Application ID first.');
      return;
    }
    setConnecting(true);
    try {
      const authUrl = await fetchSquareAuthUrl();
      navigation.assign(authUrl);
    } catch (error) {
      errorToast('Connection failed', messageOf(error, 'Failed to connect to Square.'));
      setConnecting(false);
    }
  };

  return (
    <AdminCard titleId="square-connection-title" title="Square Connection">
      {status.isPending ? (
        <Spinner label="Checking the Square connection" />
      ) : status.isError ? (
        <CouldNot what="check the connection" error={status.error} role="status" />
      ) : connected ? (
        <p className="admin-status admin-status--ok" role="status">
          <span className="admin-dot" aria-hidden="true" /> Connected to Square
          {status.data?.merchantId ? <span className="muted"> (merchant {status.data.merchantId})</span> : null}
        </p>
      ) : (
        <p className="admin-status admin-status--off" role="status">
          <span className="admin-dot" aria-hidden="true" /> Not connected
        </p>
      )}
      <p className="muted">The status is checked every 30 seconds.</p>
      <div className="admin-actions">
        {connected ? (
          <>
            <button type="button" className="btn btn--primary" onClick={() => sync.mutate()} disabled={sync.isPending}>
              {sync.isPending ? 'Syncing...' : 'Sync catalogue from Square'}
            </button>
            <button type="button" className="btn btn--danger" onClick={() => setConfirmDisconnect(true)} disabled={disconnect.isPending}>
              {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => void connect()} disabled={connecting}>
            {connecting ? 'Connecting...' : 'Connect to Square'}
          </button>
        )}
      </div>
      {confirmDisconnect && (
        <MutationConfirmDialog
          title="Disconnect Square?"
          message="The shop stops taking card payments through Square until you connect again. Checkout falls back to test mode."
          confirmLabel="Disconnect"
          busyLabel="Disconnecting..."
          mutation={disconnect}
          variables={undefined}
          onClose={() => setConfirmDisconnect(false)}
        />
      )}
    </AdminCard>
  );
}

function SquareConfigCard() {
  const settings = useSettings();
  const status = useSquareAuthStatus();
  const save = useSaveSquareConfig();
  // What the owner has typed or chosen; until then (and again after a save) the saved values show.
  const [draftId, setDraftId] = useState<string | null>(null);
  const [draftMode, setDraftMode] = useState<SquareMode | null>(null);
  const applicationId = draftId ?? settings.data?.SQUARE_APPLICATION_ID ?? '';
  const mode: SquareMode = draftMode ?? (settings.data?.SQUARE_MODE === 'production' ? 'production' : 'sandbox');
  const [idError, setIdError] = useState<string | null>(null);

  const empty = applicationId.trim() === '';
  return (
    <AdminCard titleId="square-config-title" title="Square Configuration">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (empty) return;
          // the shared rule of the setting: sq0idp-… (production) or sandbox-sq0idb-… (sandbox)
          const parsed = settingValueSchemas.SQUARE_APPLICATION_ID.safeParse(applicationId);
          if (!parsed.success) {
            setIdError(parsed.error.issues[0]?.message ?? 'Invalid application ID');
            return;
          }
          setIdError(null);
          save.mutate(
            { applicationId: parsed.data, mode },
            {
              onSuccess: () => {
                setDraftId(null);
                setDraftMode(null);
              },
            },
          );
        }}
      >
        <fieldset className="admin-fieldset">
          <legend>Environment</legend>
          <div className="admin-choice-row">
            {(['sandbox', 'production'] as const).map((value) => (
              <label key={value} className={`admin-choice${mode === value ? ' is-checked' : ''}`}>
                <input type="radio" name="square-mode" value={value} checked={mode === value} onChange={() => setDraftMode(value)} />
                {value === 'sandbox' ? 'Sandbox (testing)' : 'Production (live)'}
              </label>
            ))}
          </div>
          {mode === 'sandbox' ? (
            <p className="muted">Sandbox is for testing: no real transactions are processed.</p>
          ) : (
            <p className="admin-warning" role="alert">
              Warning: production mode processes real transactions and charges real cards.
            </p>
          )}
          {status.data?.connected && settings.data && mode !== (settings.data.SQUARE_MODE === 'production' ? 'production' : 'sandbox') && (
            <p className="admin-warning">After saving another environment, connect to Square again: the current connection belongs to the other one.</p>
          )}
        </fieldset>
        <TextField
          id="square-application-id"
          label="Square Application ID"
          error={idError}
          value={applicationId}
          placeholder="sq0idp-xxxxxxxxxxxxxxxxxxxxxx"
          autoComplete="off"
          spellCheck={false}
          onValue={setDraftId}
        />
        <SaveActions label="Save Config" busy={save.isPending} disabled={empty} />
      </form>
    </AdminCard>
  );
}

/**
 * 'Accept test payments': while Square is not connected, the checkout takes Square's sandbox test
 * cards (orders flagged TEST, nothing charged). On by default in sandbox mode, off in production
 * mode, where the checkout otherwise says payments are not set up yet.
 */
function TestPaymentsCard() {
  const settings = useSettings();
  const status = useSquareAuthStatus();
  const save = useSaveTestPayments();
  const accepting = settings.data?.ACCEPT_TEST_PAYMENTS === 'true';
  const production = settings.data?.SQUARE_MODE === 'production';
  const connected = status.data?.connected === true;
  return (
    <AdminCard titleId="test-payments-title" title="Test Payments">
      <label className="admin-switch">
        <input
          type="checkbox"
          role="switch"
          checked={accepting}
          disabled={!settings.data || save.isPending}
          aria-describedby="test-payments-help"
          onChange={(event) => save.mutate(event.target.checked)}
        />
        Accept test payments
      </label>
      <p id="test-payments-help" className="muted">
        While Square is not connected, the checkout takes Square&apos;s test card numbers: orders are placed and marked TEST, and nothing is charged.
      </p>
      {accepting && !connected && (
        <p className="admin-warning" role="alert">
          {production
            ? 'Warning: production mode with test payments on. Anyone can place TEST orders that are never paid. Turn this off, or connect Square, before opening the shop.'
            : 'Test payments are on: anyone can place TEST orders that are never paid.'}
        </p>
      )}
      {!accepting && !connected && <p className="muted">The checkout says &lsquo;Payments are not set up yet&rsquo; until Square is connected.</p>}
      {connected && <p className="muted">Square is connected: the checkout takes real card payments, whatever this switch says.</p>}
    </AdminCard>
  );
}

/** Zones offered first: the four US mainland zones and the ones without daylight saving nearby. */
const COMMON_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/**
 * The shop's time zone: stops, imported calendar events, the published feed and e-mails use it.
 * Any IANA name is accepted (checked by the shared rule); the list offers the usual ones.
 */
function ShopTimeZoneCard() {
  const settings = useSettings();
  const save = useSaveShopTimeZone();
  const saved = settings.data?.SHOP_TIME_ZONE ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const zone = draft ?? saved;
  const device = localTimeZone();
  return (
    <AdminCard titleId="time-zone-title" title="Shop Time Zone">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = settingValueSchemas.SHOP_TIME_ZONE.safeParse(zone);
          if (!parsed.success || parsed.data === '') {
            setError(parsed.success ? 'Choose a time zone' : (parsed.error.issues[0]?.message ?? 'Invalid time zone'));
            return;
          }
          setError(null);
          save.mutate(parsed.data, { onSuccess: () => setDraft(null) });
        }}
      >
        <TextField
          id="shop-time-zone"
          label="Time zone (IANA name)"
          error={error}
          list="shop-time-zone-options"
          value={zone}
          placeholder="America/Chicago"
          autoComplete="off"
          spellCheck={false}
          onValue={setDraft}
        />
        <datalist id="shop-time-zone-options">
          {COMMON_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <p className="muted">
          Stop times, imported calendars and the published feed use this zone. {saved && `Now: ${saved} (${zoneAbbreviation(saved, new Date())}).`}
          {saved && device !== saved && ` This tablet is set to ${device}.`}
        </p>
        <SaveActions label="Save Time Zone" busy={save.isPending} disabled={!settings.data || zone.trim() === '' || zone === saved} />
      </form>
    </AdminCard>
  );
}

function LegacyProviderCard() {
  return (
    <section className="card admin-card admin-card--muted" aria-labelledby="legacy-provider-title">
      <h2 id="legacy-provider-title">
        Legacy payment provider <span className="badge">Deprecated</span>
      </h2>
      <p className="notice">The previous payment provider is no longer used. Card payments now go through Square; there is nothing to configure here.</p>
    </section>
  );
}
