import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@cocoa/shared-types';
import { useLogin } from '../api/login';
import { describedBy, Field } from '../../../ui/field';
import { PasswordInput } from './password-input';

export function LoginForm({ onSuccess, onForgot }: { onSuccess: () => void; onForgot: () => void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit((values) => login.mutate(values, { onSuccess }))(event)} aria-label="Login">
      <Field id="login-username" label="Username" error={errors.username?.message}>
        <input type="text" autoComplete="username" {...describedBy('login-username', errors.username)} {...register('username')} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <PasswordInput toggleLabel="password" autoComplete="current-password" {...describedBy('login-password', errors.password)} {...register('password')} />
      </Field>
      <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </button>
      <button type="button" className="link-btn" onClick={onForgot}>
        Forgot your password?
      </button>
    </form>
  );
}
