import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../ui/skeleton';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUser } from '../api/user';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { redirectTarget } from '../redirect-target';

export default function AuthPage() {
  useDocumentTitle('Login or Register');
  const [params] = useSearchParams();
  const target = redirectTarget(params.get('redirect'));
  const navigate = useNavigate();
  const { user, isLoading } = useUser();
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const [forgotOpen, setForgotOpen] = useState(false);

  const shopName = useShopIdentity()?.name;
  if (isLoading) return <Spinner label="Checking your session" />;
  if (user) return <Navigate to={target} replace />;
  const done = () => navigate(target, { replace: true });

  return (
    <div className="container page auth-layout">
      <section className="auth-card card">
        <h1>{shopName ? `Welcome to ${shopName}` : 'Welcome'}</h1>
        <div role="tablist" aria-label="Login or register" className="tabs">
          <button type="button" role="tab" id="tab-login" aria-controls="panel-login" aria-selected={tab === 'login'} onClick={() => setTab('login')}>
            Login
          </button>
          <button
            type="button"
            role="tab"
            id="tab-register"
            aria-controls="panel-register"
            aria-selected={tab === 'register'}
            onClick={() => setTab('register')}
          >
            Register
          </button>
        </div>
        {tab === 'login' ? (
          <div role="tabpanel" id="panel-login" aria-labelledby="tab-login">
            <LoginForm onSuccess={done} onForgot={() => setForgotOpen(true)} />
          </div>
        ) : (
          <div role="tabpanel" id="panel-register" aria-labelledby="tab-register">
            <RegisterForm onSuccess={done} />
          </div>
        )}
      </section>
      <aside className="auth-marketing">
        <h2>Why create an account?</h2>
        <ul>
          <li>Your order history in one place</li>
          <li>Saved addresses for a faster checkout</li>
          <li>Member discounts on seasonal blends</li>
          <li>Early access to new flavours and event dates</li>
        </ul>
      </aside>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
