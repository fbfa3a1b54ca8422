import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm as RegisterValues } from '@cocoa/shared-types';
import { useRegister } from '../api/register';
import { describedBy, Field } from '../../../ui/field';
import { PasswordInput } from './password-input';
import { PasswordStrength } from '../../../ui/password-strength';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registerUser = useRegister();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', firstName: '', lastName: '' },
  });
  const [username, email, password] = useWatch({ control, name: ['username', 'email', 'password'] });
  return (
    <form
      className="form"
      noValidate
      aria-label="Register"
      onSubmit={(event) => void handleSubmit(({ confirmPassword: _confirm, ...payload }) => registerUser.mutate(payload, { onSuccess }))(event)}
    >
      <Field id="register-username" label="Username" error={errors.username?.message}>
        <input type="text" autoComplete="username" {...describedBy('register-username', errors.username)} {...register('username')} />
      </Field>
      <Field id="register-email" label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...describedBy('register-email', errors.email)} {...register('email')} />
      </Field>
      <div className="field-row">
        <Field id="register-first-name" label="First name (optional)" error={errors.firstName?.message}>
          <input type="text" autoComplete="given-name" {...describedBy('register-first-name', errors.firstName)} {...register('firstName')} />
        </Field>
        <Field id="register-last-name" label="Last name (optional)" error={errors.lastName?.message}>
          <input type="text" autoComplete="family-name" {...describedBy('register-last-name', errors.lastName)} {...register('lastName')} />
        </Field>
      </div>
      <Field id="register-password" label="Password" error={errors.password?.message}>
        <PasswordInput toggleLabel="password" autoComplete="new-password" {...describedBy('register-password', errors.password)} {...register('password')} />
        <PasswordStrength id="register-password-strength" password={password} owner={{ username, email }} />
      </Field>
      <Field id="register-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput
          toggleLabel="password confirmation"
          autoComplete="new-password"
          {...describedBy('register-confirm', errors.confirmPassword)}
          {...register('confirmPassword')}
        />
      </Field>
      <button type="submit" className="btn btn--primary btn--block" disabled={registerUser.isPending}>
        {registerUser.isPending ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
