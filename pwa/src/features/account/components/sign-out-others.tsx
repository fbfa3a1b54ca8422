import { messageOf } from '../../../lib/api-fetch';
import { useSignOutOthers } from '../api/sign-out-others';

/** The Security page's "Sign out other devices": every other session of the account ends, this one stays. */
export function SignOutOthers() {
  const signOut = useSignOutOthers();
  return (
    <section className="card security-section" aria-labelledby="other-devices-title">
      <h2 id="other-devices-title">Other devices</h2>
      <p>Still signed in on a phone or computer you no longer use, or one you do not recognise? Sign out everywhere but here.</p>
      <button type="button" className="btn btn--outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? 'Signing out…' : 'Sign out other devices'}
      </button>
      <p role="status">{signOut.isSuccess ? signOut.data.message : ''}</p>
      {signOut.isError && (
        <p className="field__error" role="alert">
          {messageOf(signOut.error, 'The other devices could not be signed out. Please check your connection and try again.')}
        </p>
      )}
    </section>
  );
}
