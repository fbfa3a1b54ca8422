import { type FormEvent, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PASSWORD_CHANGE_RELOAD_MS, passwordChangeFormSchema } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { NewPasswordFields, PasswordInput } from '../../auth';
import { errorToast, toast } from '../../../ui/toast-store';
import { passwordChangeFailure, useChangePassword } from '../api/change-password';
import { SubmitButton } from '../../../ui/submit-button';

type PasswordForm = z.infer<typeof passwordChangeFormSchema>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password tab: on success 'Password Updated', the form resets and the page
 * reloads 1.5 s later; a wrong current password marks that field 'Incorrect password', a new
 * password the server refuses (a common one) marks the new one. The strength meter follows the
 * new password, knowing the account's own name and e-mail (`owner`).
 */
export function PasswordForm({
  userId,
  owner = {},
  reload = () => window.location.reload(),
}: {
  userId: number;
  owner?: { username?: string; email?: string };
  reload?: () => void;
}) {
  const change = useChangePassword();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  // handleSubmit is called in the submit event, not while rendering: its callback touches a ref.
  const submit = (event: FormEvent) =>
    handleSubmit(({ currentPassword, newPassword }) =>
      change.mutate(
        { userId, currentPassword, newPassword },
        {
          onSuccess: () => {
            toast('Password Updated');
            reset(EMPTY);
            timer.current = window.setTimeout(reload, PASSWORD_CHANGE_RELOAD_MS);
          },
          onError: (error) => {
            const failure = passwordChangeFailure(error);
            if (failure.fieldError) setError('currentPassword', { message: failure.fieldError }, { shouldFocus: true });
            if (failure.newPasswordError) setError('newPassword', { message: failure.newPasswordError }, { shouldFocus: true });
            errorToast('Error', failure.toast);
          },
        },
      ),
    )(event);

  return (
    <form className="form" noValidate aria-label="Change password" onSubmit={(event) => void submit(event)}>
      <Field id="password-current" label="Current password" error={errors.currentPassword?.message}>
        <PasswordInput
          toggleLabel="current password"
          autoComplete="current-password"
          {...describedBy('password-current', errors.currentPassword)}
          {...register('currentPassword')}
        />
      </Field>
      <NewPasswordFields id="password" form={form} fields={{ newPassword: 'New password', confirmPassword: 'Confirm new password' }} owner={owner} />
      <SubmitButton pending={change.isPending} busy="Updating..." label="Update Password" />
    </form>
  );
}
