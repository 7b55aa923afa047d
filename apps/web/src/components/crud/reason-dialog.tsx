import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { fieldErrorEntries } from './form-errors';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The reason's label, also the start of its messages (作废原因 → 请输入作废原因). */
  label?: string;
  /** False where a reason may be left out (挂失, 注销). */
  required?: boolean;
  /** The fee desk's reasons need at least 4 characters, as the server does (原因需为4-200个字符). */
  minLength?: number;
  /** A second field before the reason (补卡's 新卡号, 修正车牌's 正确车牌). */
  extra?: { name: string; label: string; placeholder?: string; maxLength?: number };
  okText?: string;
  children?: ReactNode;
  /** The trimmed reason ('' when optional and left out) and every value of the form (with `extra`'s). */
  onSubmit(reason: string, values: Record<string, string>): Promise<unknown>;
  onClose(): void;
}

export const REASON_MAX = 200;

/**
 * A confirm-with-reason dialog. The server's refusal stays in the request client's toast and the dialog stays open;
 * its field errors (Reason, `extra`) land on their fields.
 */
export function ReasonDialog({
  open,
  title,
  label = '原因',
  required = true,
  minLength,
  extra,
  okText,
  children,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [form] = Form.useForm<Record<string, string>>();
  const [saving, setSaving] = useState(false);
  const lengthMessage = minLength
    ? `${label}需为${minLength}-${REASON_MAX}个字符`
    : `${label}不能超过${REASON_MAX}个字符`;
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit((values.Reason ?? '').trim(), values);
      onClose();
    } catch (err) {
      const { fields } = fieldErrorEntries(err, ['Reason', ...(extra ? [extra.name] : [])]);
      if (fields.length) form.setFields(fields);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText ?? '确定'}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
      <Form form={form} layout="vertical" preserve={false}>
        {extra && (
          <Form.Item
            name={extra.name}
            label={extra.label}
            rules={[{ required: true, message: `请输入${extra.label}` }]}
          >
            <Input aria-label={extra.label} placeholder={extra.placeholder} maxLength={extra.maxLength} />
          </Form.Item>
        )}
        <Form.Item
          name="Reason"
          label={label}
          rules={[
            ...(required ? [{ required: true, whitespace: true, message: `请输入${label}` }] : []),
            { min: minLength, max: REASON_MAX, message: lengthMessage, transform: (v?: string) => v?.trim() },
          ]}
        >
          <Input.TextArea aria-label={label} rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
