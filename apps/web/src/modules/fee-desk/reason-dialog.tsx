import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** A 4–200 character reason, then `onSubmit`; the server's refusal stays in the toast and the dialog stays open. */
export function ReasonDialog({
  open,
  title,
  label = '原因',
  children,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label?: string;
  children?: ReactNode;
  onSubmit(reason: string): Promise<unknown>;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ Reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const { Reason } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(Reason.trim());
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
    >
      {children}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="Reason"
          label={label}
          rules={[
            { required: true, message: `请输入${label}` },
            { min: 4, max: 200, message: '原因需为4-200个字符' },
          ]}
        >
          <Input.TextArea aria-label={label} rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
