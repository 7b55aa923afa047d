import { REDIRECT_QUERY } from '@linli/shared';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { appConfig } from '../../config';
import { AccountLoginForm } from './account-login-form';
import { PhoneLoginForm } from './phone-login-form';
import './login.css';

// Only the few who forgot their password download the dialog (Modal, Steps, Form).
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog'));

const TABS = [
  { key: 'account', label: '账号密码' },
  { key: 'phone', label: '手机验证码' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** Only in-app paths are followed after sign-in, never another site. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabKey>('account');
  const [forgotOpen, setForgotOpen] = useState(false);
  // The guard fetches GetInfo on this navigation and sends the user back here if it fails.
  const signedIn = () => navigate(safeRedirect(params.get(REDIRECT_QUERY)), { replace: true });

  return (
    <div className="login-page">
      <main className="login-card">
        <header className="login-header">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <div>
            <h1>{appConfig.siteTitle}</h1>
            <p>物业管理后台</p>
          </div>
        </header>
        <div className="login-tabs" role="tablist" aria-label="登录方式">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`login-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`login-panel-${t.key}`}
              className={tab === t.key ? 'is-active' : undefined}
              onClick={() => setTab(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`login-panel-${tab}`}>
          {tab === 'account' ? <AccountLoginForm onSignedIn={signedIn} /> : <PhoneLoginForm onSignedIn={signedIn} />}
        </div>
        <div className="login-footer">
          <Button type="link" onClick={() => setForgotOpen(true)}>
            忘记密码
          </Button>
        </div>
      </main>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
