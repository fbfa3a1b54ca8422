import { useState } from 'react';
import { Link } from 'react-router-dom';
import { APP_ROUTES } from '@cocoa/shared-types';
import { Spinner } from '../../../ui/skeleton';
import { RetryNotice } from '../../../ui/load-problem';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { messageOf } from '../../../lib/api-fetch';
import { useUser } from '../../auth';
import { MyBookings } from '../../bookings';
import { useCustomerProfile } from '../api/customer-profile';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

type Tab = 'profile' | 'password';

/** Account settings: Profile and Password tabs (the route guard sends visitors to /auth). */
export default function AccountPage() {
  useDocumentTitle('Account Settings');
  const { user } = useUser();
  const profile = useCustomerProfile(user?.id);
  const [tab, setTab] = useState<Tab>('profile');
  if (!user) return null;

  const tabButton = (id: Tab, label: string) => (
    <button type="button" role="tab" id={`account-tab-${id}`} aria-controls={`account-panel-${id}`} aria-selected={tab === id} onClick={() => setTab(id)}>
      {label}
    </button>
  );

  return (
    <div className="container page narrow">
      <h1>Account Settings</h1>
      <p>
        <Link to={APP_ROUTES.accountSecurity}>Security</Link>
        <span className="muted">: your recent sign-ins, and signing out your other devices.</span>
      </p>
      <div role="tablist" aria-label="Account settings" className="tabs">
        {tabButton('profile', 'Profile')}
        {tabButton('password', 'Password')}
      </div>
      {tab === 'profile' ? (
        <section role="tabpanel" id="account-panel-profile" aria-labelledby="account-tab-profile" className="card">
          {profile.isPending ? (
            <Spinner label="Loading your profile" />
          ) : profile.isError ? (
            <RetryNotice title="Unable to load your profile" message={messageOf(profile.error, 'Please try again.')} onRetry={() => void profile.refetch()} />
          ) : (
            <ProfileForm profile={profile.data} />
          )}
        </section>
      ) : (
        <section role="tabpanel" id="account-panel-password" aria-labelledby="account-tab-password" className="card">
          <PasswordForm userId={user.id} owner={user} />
        </section>
      )}
      <MyBookings userId={user.id} />
    </div>
  );
}
