import { Link } from 'react-router-dom';

const AUTH_LINK = '/auth?redirect=/checkout';

/** Guests may check out; the banner invites them to log in or register first. */
export function GuestBanner() {
  return (
    <p className="banner banner--hint" role="note" aria-label="Checking out as a guest">
      <span>Checking out as a guest. Have an account?</span>
      <Link className="btn btn--small btn--outline" to={AUTH_LINK}>
        Login
      </Link>
      <Link className="btn btn--small btn--outline" to={AUTH_LINK}>
        Register
      </Link>
    </p>
  );
}
