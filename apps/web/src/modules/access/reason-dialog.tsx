import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { fieldErrorEntries } from '../../components/crud';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The reason is required (远程开闸, 手动出场); otherwise optional (挂失, 注销). */
  required?: boolean;
  /** A second field before the reason (补卡's 新卡号). */
  extra?: { name: string; label: string; placeholder?: string; maxLength?: number };
  okText?: string;
  children?: React.ReactNode;
  onSubmit(values: Record<string, string>): Promise<unknown>;
  onClose(): void;
}

/** A short confirm-with-reason dialog; the server's field errors land on their fields. */
export function ReasonDialog(p: ReasonDialogProps) {
  const [form] = Form.useForm<Record<string, string>>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (p.open) form.resetFields();
  }, [p.open, form]);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await p.onSubmit(values);
      p.onClose();
    } catch (err) {
      const { fields } = fieldErrorEntries(err, ['Reason', ...(p.extra ? [p.extra.name] : [])]);
      if (fields.length) form.setFields(fields);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText ?? '确定'}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={p.onClose}
      destroyOnHidden
    >
      {p.children}
      <Form form={form} layout="vertical">
        {p.extra && (
          <Form.Item
            name={p.extra.name}
            label={p.extra.label}
            rules={[{ required: true, message: `请输入${p.extra.label}` }]}
          >
            <Input placeholder={p.extra.placeholder} maxLength={p.extra.maxLength} />
          </Form.Item>
        )}
        <Form.Item name="Reason" label="原因" rules={p.required ? [{ required: true, message: '请输入原因' }] : []}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
