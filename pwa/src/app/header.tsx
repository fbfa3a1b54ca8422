import { useEffect, useId, useRef } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useInboxUnread } from '../features/admin';
import { displayName, useLogout, useUser } from '../features/auth';
import { useCartCount, useCartDrawer } from '../features/cart';
import { useKeyedState } from '../lib/use-keyed-state';
import { useShopIdentity } from '../lib/shop-identity';
import { CartIcon, CloseIcon, MenuIcon, PersonIcon } from '../ui/icons';
import { LinkList, type LinkItem } from '../ui/link-list';
import { promptInstall, usePwaStore } from './pwa-store';

const NAV = [
  { to: '/', label: 'HOME', end: true },
  { to: '/products', label: 'PRODUCTS' },
  { to: '/cocoa-tracker', label: 'LIVE TRACKER' },
  { to: '/events', label: 'EVENTS' },
  { to: '/about', label: 'ABOUT' },
  { to: '/contact', label: 'CONTACT' },
];

const USER_LINKS: LinkItem[] = [
  ['/account', 'My Account'],
  ['/account', 'Account Settings'],
  ['/orders', 'Orders'],
];

/** '1 unread message' / '3 unread messages'. */
const unreadLabel = (n: number) => `${n} unread ${n === 1 ? 'message' : 'messages'}`;

function UserMenu() {
  const { user } = useUser();
  // Admins only: the inbox's unread count, polled every minute (nobody else asks for it).
  const unread = useInboxUnread(user?.isAdmin === true);
  const unreadId = useId();
  const logout = useLogout();
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // Closed again on every navigation.
  const [open, setOpen] = useKeyedState(false, location.pathname);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  if (!user) {
    return (
      <Link to="/auth" className="icon-btn header__account" aria-label="Sign in or create an account">
        <PersonIcon />
      </Link>
    );
  }
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="header__user"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu-list"
        aria-describedby={unread ? unreadId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <PersonIcon /> {displayName(user)}
        {unread ? (
          <span className="header__badge" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      {unread ? (
        <span id={unreadId} className="visually-hidden">
          {unreadLabel(unread)}
        </span>
      ) : null}
      {open && (
        <LinkList id="user-menu-list" className="user-menu__list" links={USER_LINKS}>
          {user.isAdmin && (
            // The owner at the cart: check in (or change the status) from any page in two taps.
            <li>
              <Link to="/admin?tab=live">We're here</Link>
            </li>
          )}
          {user.isAdmin && (
            <li>
              <Link to="/admin">
                Admin Panel
                {unread ? (
                  <>
                    <span className="header__badge" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="visually-hidden">, {unreadLabel(unread)}</span>
                  </>
                ) : null}
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                logout.mutate(undefined, { onSuccess: () => navigate('/') });
              }}
            >
              Logout
            </button>
          </li>
        </LinkList>
      )}
    </div>
  );
}

export function SiteHeader() {
  const shop = useShopIdentity();
  const count = useCartCount();
  const openCart = useCartDrawer((s) => s.open);
  const installEvent = usePwaStore((s) => s.installEvent);
  const location = useLocation();
  // Closed again on every navigation.
  const [menuOpen, setMenuOpen] = useKeyedState(false, `${location.pathname}${location.search}`);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open mobile menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  return (
    <header className="site-header">
      <div className="header__bar container">
        <Link to="/" className="header__logo" aria-label={shop ? `${shop.name} home` : 'Home'}>
          <img src={shop?.logo ?? '/logo.svg'} alt="" width="40" height="40" style={{ objectFit: 'contain' }} />
          <span>{shop?.name}</span>
        </Link>
        <nav id="main-nav" className={`header__nav ${menuOpen ? 'is-open' : ''}`} aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header__actions">
          {installEvent && (
            <button type="button" className="btn btn--outline btn--small" onClick={() => void promptInstall()}>
              Install
            </button>
          )}
          {/* The accessible name starts with the visible text ('CART 2'), then says what it does. */}
          <button type="button" className="header__cart" onClick={() => openCart()}>
            <CartIcon />
            <span>CART</span>{' '}
            <span className="header__cart-count" data-testid="cart-count">
              {count}
            </span>
            <span className="visually-hidden"> item(s), open the cart</span>
          </button>
          <UserMenu />
          <button
            ref={toggleRef}
            type="button"
            className="icon-btn header__toggle"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
