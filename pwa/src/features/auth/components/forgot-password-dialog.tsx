import { useState } from 'react';
import { forgotPasswordSchema } from '@cocoa/shared-types';
import { errorToast } from '../../../ui/toast-store';
import { Dialog } from '../../../ui/dialog';
import { useForgotPassword } from '../api/forgot-password';

/**
 * Forgot-password dialog: an e-mail that is empty or lacks an @ gets the 'Invalid Email' toast.
 * The app's modal dialog (ui/dialog): focus starts in the e-mail box and stays in the dialog,
 * Escape closes it, and focus returns to the link that opened it.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();
  if (!open) return null;

  return (
    <Dialog title="Reset your password" onClose={onClose} closeButton={false} initialFocus="#forgot-email">
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = forgotPasswordSchema.safeParse({ email });
          if (!parsed.success) {
            errorToast('Invalid Email', 'Please enter a valid email address.');
            return;
          }
          forgot.mutate(parsed.data.email, {
            onSuccess: () => {
              setEmail('');
              onClose();
            },
          });
        }}
      >
        <div className="field">
          <label htmlFor="forgot-email">Email</label>
          <input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="modal__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
