import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { passwordRule, samePasswordRule } from '../../../components/form-rules';
import { type StaffRow, staffResetPwd } from './api';

type Way = 'manual' | 'random';

/**
 * 重置密码: typed twice, or 随机生成 by the server and shown here once with a copy button. Either way the person's
 * sessions end at once.
 */
export function ResetPasswordDialog({ row, onClose }: { row: StaffRow | null; onClose(): void }) {
  const [form] = Form.useForm<{ NewPwd: string; ConfirmPwd: string }>();
  const [way, setWay] = useState<Way>('manual');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const close = () => {
    setShown(null);
    setWay('manual');
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    if (!row) return;
    const values = way === 'manual' ? await form.validateFields().catch(() => null) : {};
    if (!values) return;
    setBusy(true);
    try {
      const res = await staffResetPwd({ Id: row.Id, ...values, ...(way === 'random' ? { Random: 1 as const } : {}) });
      ui.toast('success', '密码已重置');
      if (way === 'random' && res?.Password) setShown(res.Password);
      else close();
    } catch {
      // The request client showed the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`重置密码 - ${row?.UserName ?? ''}（${row?.UserAccount ?? ''}）`}
      open={!!row}
      onCancel={close}
      onOk={shown ? close : () => void submit()}
      okText={shown ? '完成' : '确定'}
      cancelButtonProps={shown ? { style: { display: 'none' } } : undefined}
      confirmLoading={busy}
      destroyOnHidden
    >
      {shown ? (
        <>
          <Alert type="warning" showIcon title="新密码只显示这一次，请复制后告知本人" style={{ marginBottom: 16 }} />
          <Typography.Paragraph>
            新密码：
            <Typography.Text code copyable={{ text: shown, tooltips: ['复制', '已复制'] }} strong>
              {shown}
            </Typography.Text>
          </Typography.Paragraph>
        </>
      ) : (
        <>
          <Radio.Group
            value={way}
            onChange={(e) => setWay(e.target.value)}
            style={{ marginBottom: 16 }}
            options={[
              { value: 'manual', label: '手动输入' },
              { value: 'random', label: '随机生成' },
            ]}
          />
          {way === 'manual' ? (
            <Form form={form} layout="vertical">
              <Form.Item name="NewPwd" label="新密码" rules={[passwordRule()]}>
                <Input.Password maxLength={20} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="ConfirmPwd"
                label="确认新密码"
                dependencies={['NewPwd']}
                rules={[samePasswordRule('NewPwd')]}
              >
                <Input.Password maxLength={20} autoComplete="new-password" />
              </Form.Item>
            </Form>
          ) : (
            <Typography.Paragraph type="secondary">
              系统将生成一个8位以上、包含字母和数字的随机密码，仅显示一次。
            </Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            重置后该员工已登录的设备将立即退出。
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
