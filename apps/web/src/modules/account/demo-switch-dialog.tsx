import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';

interface Props {
  /** The demo account to switch to; null keeps the dialog closed. */
  role: string | null;
  onClose: () => void;
  /** Signs in as the account; rejects with the server's message (wrong password, lock, limit). */
  onSwitch: (role: string, password: string) => Promise<void>;
}

/**
 * 切换角色 (spec §4, demo only) is a sign-in as the chosen demo account: it asks for that account's own password, so
 * nobody reaches a position they were not given. The server ends the current session when the switch succeeds.
 */
export function DemoSwitchDialog({ role, onClose, onSwitch }: Props) {
  const [form] = Form.useForm<{ Password: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (role) form.resetFields();
  }, [role, form]);

  const submit = async ({ Password }: { Password: string }) => {
    if (!role) return;
    setBusy(true);
    try {
      await onSwitch(role, Password);
      onClose();
    } catch (error) {
      form.setFields([{ name: 'Password', errors: [(error as Error).message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="切换角色"
      open={Boolean(role)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="切换"
      confirmLoading={busy}
      forceRender
      destroyOnHidden={false}
    >
      <Typography.Paragraph>
        以演示账号 <Typography.Text strong>{role}</Typography.Text> 登录，当前账号将退出。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="Password" label={`${role ?? ''} 的密码`} rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password placeholder="请输入该账号的密码" autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
