import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { APP_ROUTES, type User } from '@cocoa/shared-types';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUser } from '../../auth';
import { RecentSignIns } from '../components/recent-sign-ins';
import { SignOutOthers } from '../components/sign-out-others';
import { TwoStepSection } from '../components/two-step-section';

/**
 * The page's sections, in order: each is its own component given the signed-in user, with its own
 * heading, loading and error states. A new one (another sign-in factor, say) is one more line here.
 */
const SECURITY_SECTIONS: { id: string; Section: ComponentType<{ user: User }> }[] = [
  { id: 'recent-sign-ins', Section: RecentSignIns },
  { id: 'other-devices', Section: SignOutOthers },
  { id: 'two-step', Section: TwoStepSection },
];

/** The account's Security page (/account/security, customers and the owner alike; the route guard sends visitors to /auth). */
export default function SecurityPage() {
  useDocumentTitle('Security');
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="container page narrow">
      <p>
        <Link to={APP_ROUTES.account}>Back to Account Settings</Link>
      </p>
      <h1>Security</h1>
      {SECURITY_SECTIONS.map(({ id, Section }) => (
        <Section key={id} user={user} />
      ))}
    </div>
  );
}
