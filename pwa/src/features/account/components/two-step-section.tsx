import { useState } from 'react';
import { type SecondFactorEnrolment, secondFactorConfirmSchema, formatLongDate, type User } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { useShopIdentity } from '../../../lib/shop-identity';
import { Dialog } from '../../../ui/dialog';
import { DialogActions } from '../../../ui/dialog-actions';
import { CodeInput, useCodeEntry } from '../../../ui/code-input';
import { Field } from '../../../ui/field';
import { LoadProblem } from '../../../ui/load-problem';
import { Spinner } from '../../../ui/skeleton';
import { useConfirmSecondFactor } from '../api/confirm-second-factor';
import { useDisableSecondFactor } from '../api/disable-second-factor';
import { useNewRecoveryCodes } from '../api/recovery-codes';
import { useSecondFactor } from '../api/second-factor';
import { useStartEnrolment } from '../api/second-factor-enrolment';
import './two-step-section.css';

/** The key as apps ask for it, in groups of four so it can be read and typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The Security page's "Two-step sign-in" (docs/security.md): set up an authenticator app (its QR
 * code, or the key typed by hand, then a first code to turn it on), the recovery codes shown once
 * with a copy and a download, a new set of them, and turning it off. Setting up, new codes and
 * turning off ask for a fresh check first: the app's step-up dialog comes up by itself.
 */
export function TwoStepSection({ user }: { user: User }) {
  const userId = user.id;
  const status = useSecondFactor(userId);
  const start = useStartEnrolment();
  const newCodes = useNewRecoveryCodes(userId);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [askingOff, setAskingOff] = useState(false);
  const [problem, setProblem] = useState<string>();

  const failed = (fallback: string) => (error: unknown) => setProblem(messageOf(error, fallback));
  const begin = () => {
    setProblem(undefined);
    start.mutate(undefined, { onSuccess: setEnrolment, onError: failed('Two-step sign-in could not be set up. Please try again.') });
  };
  const renew = () => {
    setProblem(undefined);
    newCodes.mutate(undefined, {
      onSuccess: ({ recoveryCodes }) => setShownCodes(recoveryCodes),
      onError: failed('New recovery codes could not be made. Please try again.'),
    });
  };

  let body;
  if (shownCodes) {
    body = <RecoveryCodesShown codes={shownCodes} onDone={() => setShownCodes(null)} />;
  } else if (enrolment) {
    body = (
      <EnrolmentForm
        userId={userId}
        enrolment={enrolment}
        onConfirmed={(codes) => {
          setEnrolment(null);
          setShownCodes(codes);
        }}
        onCancel={() => setEnrolment(null)}
      />
    );
  } else if (status.isPending) {
    body = <Spinner label="Loading two-step sign-in" />;
  } else if (status.isError) {
    body = (
      <LoadProblem
        offline="Two-step sign-in shows here once you are back online."
        failed="Two-step sign-in could not be loaded."
        onRetry={() => void status.refetch()}
      />
    );
  } else if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    body = (
      <>
        <p>
          <strong>On</strong>
          {status.data.enabledAt && ` since ${formatLongDate(status.data.enabledAt)}`}. Signing in asks for a code from your authenticator app after your
          password.
        </p>
        <p className={left === 0 ? 'notice' : 'muted'}>
          {left === 0 ? 'You have no recovery codes left: make new ones, in case you lose your phone.' : `${left} recovery code${left === 1 ? '' : 's'} left.`}
        </p>
        <div className="two-step__actions">
          <button type="button" className="btn btn--outline" onClick={renew} disabled={newCodes.isPending}>
            {newCodes.isPending ? 'Making codes...' : 'New recovery codes'}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setAskingOff(true)}>
            Turn off
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>
          <strong>Off.</strong> With two-step sign-in, signing in also asks for a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator or 1Password), so your password alone is not enough.
        </p>
        <button type="button" className="btn btn--primary" onClick={begin} disabled={start.isPending}>
          {start.isPending ? 'Setting up...' : 'Set up two-step sign-in'}
        </button>
      </>
    );
  }

  return (
    <section className="card security-section" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step sign-in</h2>
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      {body}
      {askingOff && <TurnOffDialog userId={userId} onClose={() => setAskingOff(false)} />}
    </section>
  );
}

/** Scan (or type the key), then the first code turns it on. */
function EnrolmentForm({
  userId,
  enrolment,
  onConfirmed,
  onCancel,
}: {
  userId: number;
  enrolment: SecondFactorEnrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmSecondFactor(userId);
  const entry = useCodeEntry(secondFactorConfirmSchema, (body, onError) =>
    confirm.mutate(body, { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes), onError }),
  );
  const id = 'two-step-code';
  return (
    <form className="form" noValidate aria-label="Set up two-step sign-in" onSubmit={entry.submit}>
      <p>1. Open your authenticator app and add an account by scanning this QR code.</p>
      <img className="two-step__qr" src={enrolment.qrCode} alt="QR code to scan with your authenticator app" width={240} height={240} />
      <p>
        Cannot scan it? Choose to enter a key by hand, and type this key (time-based): <code className="two-step__key">{grouped(enrolment.secret)}</code>
      </p>
      <p>2. Enter the 6-digit code the app now shows for {issuerOf(enrolment.otpauthUri)}.</p>
      <Field id={id} label="Code" error={entry.error}>
        <CodeInput id={id} value={entry.code} onChange={entry.setCode} error={entry.error} />
      </Field>
      <div className="two-step__actions">
        <button type="submit" className="btn btn--primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Shown once: each code signs in once when the phone is not at hand. */
/** The name the authenticator app lists the account under: the shop's name when the code was set up. */
function issuerOf(otpauthUri: string): string {
  try {
    return new URL(otpauthUri).searchParams.get('issuer') ?? 'this shop';
  } catch {
    return 'this shop';
  }
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const shopName = useShopIdentity()?.name;
  const text = `${shopName ? `${shopName} recovery codes` : 'Recovery codes'} (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () => {
    if (!('clipboard' in navigator)) return setCopied('failed');
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div>
      <p>
        <strong>Save your recovery codes now.</strong> Each one signs you in once if you lose your phone. They are not shown again.
      </p>
      <ol className="two-step__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-step__actions">
        <button type="button" className="btn btn--outline" onClick={copy}>
          Copy
        </button>
        <a className="btn btn--outline" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="cocoa-shop-recovery-codes.txt">
          Download
        </a>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
      <p role="status" className="muted">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Copying is not possible here: use Download, or write them down.' : ''}
      </p>
    </div>
  );
}

function TurnOffDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const disable = useDisableSecondFactor(userId);
  const [error, setError] = useState<string>();
  return (
    <Dialog title="Turn off two-step sign-in?" role="alertdialog" onClose={onClose} busy={disable.isPending} closeButton={false} describedBy="two-step-off-why">
      <p id="two-step-off-why">Signing in will ask for your password only. Your recovery codes stop working.</p>
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      <DialogActions
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        tone="danger"
        busy={disable.isPending}
        cancelLabel="Keep it on"
        onCancel={onClose}
        onConfirm={() => disable.mutate(undefined, { onSuccess: onClose, onError: (failure) => setError(messageOf(failure, 'It could not be turned off.')) })}
      />
    </Dialog>
  );
}
