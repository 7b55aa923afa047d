import { Button } from 'antd';
import { useState } from 'react';
import { type CodePurpose, sendPhoneCode } from './phone-code';
import { useCountdown } from './use-countdown';

interface Props {
  purpose: CodePurpose;
  /** Validates the phone field and answers the number, or rejects when it is not valid. */
  getPhone: () => Promise<string>;
  onSent?: (random: string) => void;
  size?: 'large' | 'middle' | 'small';
}

/** 获取验证码 with the 60 s countdown (spec: login by phone, password recovery, phone change). */
export function CodeButton({ purpose, getPhone, onSent, size }: Props) {
  const { left, running, start } = useCountdown(60);
  const [sending, setSending] = useState(false);

  const send = async () => {
    let phone: string;
    try {
      phone = await getPhone();
    } catch {
      return;
    }
    setSending(true);
    try {
      const random = await sendPhoneCode(phone, purpose);
      start();
      onSent?.(random);
    } catch {
      // The request client showed why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} onClick={send} disabled={running} loading={sending} style={{ minWidth: 124 }}>
      {running ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
