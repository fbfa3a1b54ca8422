import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm as RegisterValues } from '@cocoa/shared-types';
import { useRegister } from '../api/register';
import { textInputs } from '../../../ui/field';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../ui/submit-button';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registerUser = useRegister();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', firstName: '', lastName: '' },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const [username, email] = useWatch({ control, name: ['username', 'email'] });
  const text = textInputs('register', register, errors);
  return (
    <form
      className="form"
      noValidate
      aria-label="Register"
      onSubmit={(event) => void handleSubmit(({ confirmPassword: _confirm, ...payload }) => registerUser.mutate(payload, { onSuccess }))(event)}
    >
      {text('username', 'Username', 'username')}
      {text('email', 'Email', 'email', 'email')}
      <div className="field-row">
        {text('firstName', 'First name (optional)', 'given-name')}
        {text('lastName', 'Last name (optional)', 'family-name')}
      </div>
      <NewPasswordFields id="register" form={form} fields={{ password: 'Password', confirmPassword: 'Confirm password' }} owner={{ username, email }} />
      <SubmitButton pending={registerUser.isPending} busy="Creating account..." label="Create Account" />
    </form>
  );
}
