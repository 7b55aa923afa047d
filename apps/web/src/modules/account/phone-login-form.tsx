import { MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { validate } from '@linli/shared';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { type FormEvent, useState } from 'react';
import { CodeButton } from './code-button';
import { LoginField } from './login-field';

const checkPhone = (phone: string) =>
  validate(phone.trim(), { required: true, format: 'mobile', message: '请输入手机号' });

/** 手机验证码 sign-in: the phone is checked by the spec's mobile rule before a code is sent. */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [random, setRandom] = useState('');
  const [errors, setErrors] = useState<{ phone?: string | null; code?: string }>({});
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { phone: checkPhone(phone), code: code.trim() ? undefined : '请输入验证码' };
    setErrors(next);
    if (next.phone || next.code) return;
    setLoading(true);
    try {
      const { loginByTel } = await import('../../app/session');
      await loginByTel(phone.trim(), code.trim(), random);
      onSignedIn();
    } catch {
      // The request client showed the server's message.
    } finally {
      setLoading(false);
    }
  };

  const phoneForCode = async () => {
    const error = checkPhone(phone);
    setErrors((e) => ({ ...e, phone: error }));
    if (error) throw new Error(error);
    return phone.trim();
  };

  return (
    <form onSubmit={submit} noValidate>
      <LoginField id="login-phone" error={errors.phone}>
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          aria-label="手机号"
          aria-invalid={Boolean(errors.phone)}
          aria-describedby="login-phone-error"
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
          status={errors.phone ? 'error' : undefined}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </LoginField>
      <LoginField id="login-code" error={errors.code}>
        <div className="login-code-row">
          <Input
            size="large"
            prefix={<SafetyCertificateOutlined />}
            placeholder="请输入验证码"
            aria-label="验证码"
            aria-invalid={Boolean(errors.code)}
            aria-describedby="login-code-error"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            status={errors.code ? 'error' : undefined}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <CodeButton purpose="login" size="large" getPhone={phoneForCode} onSent={setRandom} />
        </div>
      </LoginField>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        登录
      </Button>
    </form>
  );
}
