import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, resetPasswordFormSchema } from '@cocoa/shared-types';
import type { z } from 'zod';
import { errorToast } from '../../../ui/toast-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';
import { SubmitButton } from '../../../ui/submit-button';

type Values = z.infer<typeof resetPasswordFormSchema>;

/** The account is not known on this page (only the link's token is); the server also refuses its own name or e-mail. */
const NO_OWNER = {};

/** Toast titles for the reset form's messages. */
const TITLES: Record<string, string> = {
  [PASSWORD_TOO_SHORT]: 'Invalid Password',
  [PASSWORD_TOO_LONG]: 'Invalid Password',
  'Please make sure both passwords are the same.': "Passwords Don't Match",
};

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Your Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit } = form;

  useEffect(() => {
    if (token) return;
    errorToast('Invalid Link', 'No reset token found. Please request a new password reset.');
    navigate('/auth', { replace: true });
  }, [token, navigate]);

  const onSubmit = handleSubmit(
    ({ newPassword }) => reset.mutate({ token, newPassword }, { onSuccess: () => navigate('/auth', { replace: true }) }),
    (invalid) => {
      const message = invalid.newPassword?.message ?? invalid.confirmPassword?.message;
      if (message) errorToast(TITLES[message] ?? 'Invalid Password', message);
    },
  );

  if (!token) {
    return (
      <div className="container page">
        <p className="notice">No reset token found. Please request a new password reset.</p>
      </div>
    );
  }

  return (
    <div className="container page narrow">
      <form className="form card" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="reset-title">
        <h1 id="reset-title">Reset Your Password</h1>
        <NewPasswordFields id="reset" form={form} fields={{ newPassword: 'New Password', confirmPassword: 'Confirm New Password' }} owner={NO_OWNER} />
        <SubmitButton pending={reset.isPending} busy="Resetting..." label="Reset Password" />
        <Link to="/auth" className="link-btn">
          Back to Login
        </Link>
      </form>
    </div>
  );
}
