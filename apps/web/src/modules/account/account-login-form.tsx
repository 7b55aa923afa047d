import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useState } from 'react';
import { LoginField } from './login-field';

interface Props {
  onSignedIn: () => void;
}

/** 账号密码 sign-in; the account is trimmed (spec §5), the password is sent as typed. */
export function AccountLoginForm({ onSignedIn }: Props) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { account: account.trim() ? undefined : '请输入账号', password: password ? undefined : '请输入密码' };
    setErrors(next);
    if (next.account || next.password) return;
    setLoading(true);
    try {
      // Loaded on submit: the request client is not part of the login page's first download.
      const { login } = await import('../../app/session');
      await login(account, password);
      onSignedIn();
    } catch {
      // The request client showed the server's message.
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <LoginField id="login-account" error={errors.account}>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder="请输入账号"
          aria-label="账号"
          aria-invalid={Boolean(errors.account)}
          aria-describedby="login-account-error"
          autoComplete="username"
          status={errors.account ? 'error' : undefined}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
        />
      </LoginField>
      <LoginField id="login-password" error={errors.password}>
        <Password
          size="large"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          aria-label="密码"
          aria-invalid={Boolean(errors.password)}
          aria-describedby="login-password-error"
          autoComplete="current-password"
          status={errors.password ? 'error' : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </LoginField>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        登录
      </Button>
    </form>
  );
}
