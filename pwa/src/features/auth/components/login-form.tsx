import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput, secondFactorCodeSchema } from '@cocoa/shared-types';
import { useShopIdentity } from '../../../lib/shop-identity';
import { needsSecondFactor, useLogin, useLoginWithCode } from '../api/login';
import { CodeInput, useCodeEntry } from '../../../ui/code-input';
import { describedBy, Field } from '../../../ui/field';
import { PasswordInput } from './password-input';
import { SubmitButton } from '../../../ui/submit-button';

export function LoginForm({ onSuccess, onForgot }: { onSuccess: () => void; onForgot: () => void }) {
  const login = useLogin();
  const [askingCode, setAskingCode] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  if (askingCode) return <SecondFactorForm onSuccess={onSuccess} onBack={() => setAskingCode(false)} />;
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) => login.mutate(values, { onSuccess, onError: (error) => setAskingCode(needsSecondFactor(error)) }))(event)
      }
      aria-label="Login"
    >
      <Field id="login-username" label="Username" error={errors.username?.message}>
        <input type="text" autoComplete="username" {...describedBy('login-username', errors.username)} {...register('username')} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <PasswordInput toggleLabel="password" autoComplete="current-password" {...describedBy('login-password', errors.password)} {...register('password')} />
      </Field>
      <SubmitButton pending={login.isPending} busy="Logging in..." label="Login" />
      <button type="button" className="link-btn" onClick={onForgot}>
        Forgot your password?
      </button>
    </form>
  );
}

/**
 * The sign-in's second step, after a right password on an account with two-step sign-in
 * (docs/security.md): the 6-digit code the authenticator app shows, or one of the recovery codes.
 */
function SecondFactorForm({ onSuccess, onBack }: { onSuccess: () => void; onBack: () => void }) {
  const login = useLoginWithCode();
  const shopName = useShopIdentity()?.name;
  const entry = useCodeEntry(secondFactorCodeSchema, (body, onError) => login.mutate(body, { onSuccess, onError }));
  const field = useRef<HTMLInputElement>(null);
  // It replaces the password form that had focus: focus moves on to the code, what comes next.
  useEffect(() => field.current?.focus(), []);
  const id = 'login-code';
  return (
    <form className="form" noValidate aria-label="Two-step sign-in" onSubmit={entry.submit}>
      <p id="login-code-help">
        Your password was right. Enter the 6-digit code your authenticator app shows for {shopName ?? 'this shop'}, or one of your recovery codes.
      </p>
      <Field id={id} label="Code" error={entry.error}>
        <CodeInput id={id} ref={field} value={entry.code} onChange={entry.setCode} error={entry.error} />
      </Field>
      <SubmitButton pending={login.isPending} busy="Checking..." label="Sign in" />
      <button type="button" className="link-btn" onClick={onBack}>
        Start again with your password
      </button>
    </form>
  );
}
