import { useEffect, useRef, useState } from 'react';
import { stepUpSchema } from '@cocoa/shared-types';
import { messageOf, setStepUpPrompt } from '../../../lib/api-fetch';
import { Dialog } from '../../../ui/dialog';
import { DialogActions } from '../../../ui/dialog-actions';
import { CodeInput } from '../../../ui/code-input';
import { describedBy, Field } from '../../../ui/field';
import { useStepUp } from '../api/step-up';
import { PasswordInput } from './password-input';

type Proof = 'password' | 'code';

/**
 * "Confirm it's you" (docs/security.md): the password, or a 6-digit code from the authenticator
 * app, checked by POST /api/auth/step-up. `onDone(true)` once the server took it, `onDone(false)`
 * on Cancel or Escape.
 */
function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [proof, setProof] = useState<Proof>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const stepUp = useStepUp();
  const id = 'step-up-proof';
  const label = proof === 'password' ? 'Password' : 'Code';

  const submit = () => {
    const parsed = stepUpSchema.safeParse(proof === 'password' ? { password: value } : { code: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    stepUp.mutate(parsed.data, {
      onSuccess: () => onDone(true),
      onError: (failure) => setError(messageOf(failure, 'That could not be checked. Please try again.')),
    });
  };
  const switchProof = () => {
    setProof(proof === 'password' ? 'code' : 'password');
    setValue('');
    setError(undefined);
  };

  return (
    <Dialog
      title="Confirm it’s you"
      onClose={() => onDone(false)}
      busy={stepUp.isPending}
      closeButton={false}
      describedBy="step-up-why"
      initialFocus={`#${id}`}
    >
      <p id="step-up-why">This change needs a fresh check. Enter your password, or a 6-digit code from your authenticator app, to go on.</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field id={id} label={label} error={error}>
          {proof === 'password' ? (
            <PasswordInput
              toggleLabel="password"
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              {...describedBy(id, error)}
            />
          ) : (
            <CodeInput id={id} value={value} onChange={setValue} error={error} />
          )}
        </Field>
        <button type="button" className="link-btn" onClick={switchProof}>
          {proof === 'password' ? 'Use a code from my app instead' : 'Use my password instead'}
        </button>
        <DialogActions confirmLabel="Confirm" busyLabel="Checking..." busy={stepUp.isPending} onCancel={() => onDone(false)} />
      </form>
    </Dialog>
  );
}

/**
 * Mounted once by the app's shell: offers the dialog to the fetch client (lib/api-fetch.ts), which
 * asks for it when a call answers STEP_UP_REQUIRED and then makes the call again. Calls refused
 * together share one dialog.
 */
export function StepUpHost() {
  const [asking, setAsking] = useState(false);
  const waiting = useRef<{ answer: Promise<boolean>; settle: (confirmed: boolean) => void } | null>(null);

  useEffect(() => {
    setStepUpPrompt(() => {
      if (!waiting.current) {
        let settle: (confirmed: boolean) => void = () => undefined;
        const answer = new Promise<boolean>((resolve) => (settle = resolve));
        waiting.current = { answer, settle };
        setAsking(true);
      }
      return waiting.current.answer;
    });
    return () => {
      setStepUpPrompt(undefined);
      waiting.current?.settle(false);
      waiting.current = null;
    };
  }, []);

  const done = (confirmed: boolean) => {
    waiting.current?.settle(confirmed);
    waiting.current = null;
    setAsking(false);
  };
  return asking ? <StepUpDialog onDone={done} /> : null;
}
