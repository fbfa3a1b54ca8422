import { formatLongDate, RECENT_SIGN_INS_KEPT, shopClock, type User } from '@cocoa/shared-types';
import { LoadProblem } from '../../../ui/load-problem';
import { Spinner } from '../../../ui/skeleton';
import { useRecentSignIns } from '../api/sign-ins';

/** When, as the shop's clock reads it: 'December 6, 2025, 3:45 PM', with ' CST' after it when the viewer's clock differs. */
const when = (at: string, timeZone: string) => `${formatLongDate(at, timeZone)}, ${shopClock(new Date(at), timeZone)}`;

/** The Security page's list of the account's recent sign-ins: when, on what, from where; this device's marked. */
export function RecentSignIns({ user }: { user: User }) {
  const signIns = useRecentSignIns(user.id);
  return (
    <section className="card security-section" aria-labelledby="recent-sign-ins-title">
      <h2 id="recent-sign-ins-title">Recent sign-ins</h2>
      <p className="muted">
        The last {RECENT_SIGN_INS_KEPT} times your account was signed in to. If you do not recognise one, change your password: that signs out every other
        device.
      </p>
      {signIns.isPending ? (
        <Spinner label="Loading your recent sign-ins" />
      ) : signIns.isError ? (
        <LoadProblem
          offline="Your recent sign-ins will show once you are back online."
          failed="Your recent sign-ins could not be loaded."
          onRetry={() => void signIns.refetch()}
        />
      ) : signIns.data.signIns.length === 0 ? (
        <p>No sign-ins are recorded yet.</p>
      ) : (
        <ul className="sign-ins">
          {signIns.data.signIns.map((signIn) => (
            <li key={signIn.id}>
              <span className="sign-ins__device">{signIn.device}</span>
              {signIn.current && <span className="badge">This device</span>}
              <br />
              <time dateTime={signIn.at}>{when(signIn.at, signIns.data.timeZone)}</time>
              <span className="muted"> · {signIn.ipAddress ? `from ${signIn.ipAddress}` : 'address not known'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
