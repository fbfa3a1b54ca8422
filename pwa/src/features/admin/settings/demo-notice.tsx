import { Link } from 'react-router-dom';

/**
 * Said on the admin's first screen and in Settings while the owner has not set the shop's name,
 * address, phone and e-mail: customers see the demo shop's until then.
 */
export function DemoNotice({ linkToFields = true }: { linkToFields?: boolean }) {
  return (
    <p className="admin-status admin-status--off" role="status">
      This shop is a demo until you set its name, address, phone and e-mail.{' '}
      {linkToFields ? <Link to="/admin?tab=settings#shop-identity">Set the shop details</Link> : <a href="#shop-identity-name">Set them below</a>}
    </p>
  );
}
