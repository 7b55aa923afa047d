import { LOGIN_PATH } from '@linli/shared';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { resetToken } from '../../app/session';
import { ui } from '../../app/ui-bridge';
import { applyFieldErrors, passwordRule, samePasswordRule } from '../../components/form-rules';
import { changePassword, type PasswordValues } from './api';

/** 修改密码: success revokes every session on the server, so this one signs out too. */
export function PasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await changePassword(values);
      ui.toast('success', '密码修改成功，请重新登录');
      resetToken();
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit}>
      <Form.Item name="OldPwd" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="NewPwd" label="新密码" rules={[passwordRule()]} extra="8-20位，需包含字母和数字">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="ConfirmPwd" label="确认新密码" dependencies={['NewPwd']} rules={[samePasswordRule('NewPwd')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        修改密码
      </Button>
    </Form>
  );
}
