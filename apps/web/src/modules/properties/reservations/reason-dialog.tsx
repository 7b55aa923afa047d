import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

/** Asks the reason of a 拒绝 or 取消 (both need one) and runs the step with it. */
export function ReasonDialog({
  title,
  open,
  onSubmit,
  onClose,
}: {
  title: string;
  open: boolean;
  onSubmit(reason: string): Promise<unknown>;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ Reason: string }>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await onSubmit(v.Reason.trim());
      onClose();
    } catch {
      // Toasted by the request client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} open={open} onOk={() => void ok()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="Reason"
          label="原因"
          rules={[
            { required: true, whitespace: true, message: '请输入原因' },
            { max: 200, message: '原因不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount aria-label="原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
