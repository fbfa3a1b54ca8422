import { useEffect, useMemo, useState } from 'react';
import { passwordLength, passwordStrengthLabel, PASSWORD_MIN_LENGTH, type PasswordScore } from '@cocoa/shared-types';

type PasswordChecker = typeof import('@cocoa/shared-types/password-checker');

/**
 * The checker and its list of common passwords (about 230 KB gzip), fetched once and only by the
 * forms that set a password; its estimator is made as it arrives, not at the first keystroke. This
 * file is in ui/ (not a feature's index) so nothing the start-up chunk imports pulls it in.
 */
let checker: Promise<PasswordChecker> | undefined;
const loadPasswordChecker = () =>
  (checker ??= import('@cocoa/shared-types/password-checker').then((module) => {
    module.passwordVerdict('warm up', {});
    return module;
  }));

const UNKNOWN = { score: 0, listed: false, personal: false } as const;

/**
 * How strong the new password is, as it is typed: a text label ('Strength: weak') read out politely
 * as it changes, beside four bars that only repeat it. The list and the words are the server's
 * (shared-types' password-checker), so 'too common' here is refused there too.
 */
export function PasswordStrength({
  id,
  password,
  owner,
  load = loadPasswordChecker,
}: {
  id: string;
  password: string;
  /** The account's user name and e-mail: a password equal to one of them is refused too. */
  owner: { username?: string; email?: string };
  load?: () => Promise<PasswordChecker>;
}) {
  const [loaded, setLoaded] = useState<PasswordChecker | null>(null);
  useEffect(() => {
    let live = true;
    // When it cannot come (offline), the meter says what the length tells; the server still checks the rest.
    load().then(
      (module) => live && setLoaded(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);

  const { username, email } = owner;
  const short = passwordLength(password) < PASSWORD_MIN_LENGTH;
  const verdict = useMemo(
    () => (loaded && !short ? loaded.passwordVerdict(password, { username, email }) : undefined),
    [loaded, short, password, username, email],
  );
  // Empty: nothing to say yet. Short: the length says it all. Otherwise the checker's verdict, once it is here.
  const label = password === '' ? '' : short ? passwordStrengthLabel(password, UNKNOWN) : verdict ? passwordStrengthLabel(password, verdict) : '';
  const bars: PasswordScore = verdict && !verdict.listed && !verdict.personal ? verdict.score : 0;
  return (
    <div className="password-strength" data-score={label ? bars : undefined}>
      <div className="password-strength__bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={bar <= bars ? 'password-strength__bar password-strength__bar--on' : 'password-strength__bar'} />
        ))}
      </div>
      <p id={id} className="password-strength__label" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
