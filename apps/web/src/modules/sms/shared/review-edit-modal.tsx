import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { invalidateAfterWrite } from '../../../components/crud';
import { SMS } from './api';
import { showFieldErrors } from './form-errors';
import { reviewOptions } from './labels';

/**
 * 新增/编辑 of a template or a signature (both carry a review state set by hand): validates, saves with the row's Id
 * (0 = new), reloads the SMS lists and closes; a refusal keeps it open with the server's field errors on the fields.
 */
export function ReviewEditModal({
  editing,
  noun,
  width,
  labelWidth,
  stateLabel = '审核状态',
  save,
  onClose,
  children,
}: {
  /** The row being edited, a new one's defaults, or null (closed). */
  editing: { Id?: number } | null;
  /** 模板 → 新增模板 / 编辑模板 */
  noun: string;
  width?: number;
  labelWidth: string;
  /** The review state's field, after the children. */
  stateLabel?: string;
  save(values: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await save({ ...v, Id: editing?.Id ?? 0 });
      await invalidateAfterWrite(client, SMS);
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!editing}
      title={`${editing?.Id ? '编辑' : '新增'}${noun}`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
    >
      <Form form={form} labelCol={{ flex: labelWidth }} initialValues={editing ?? {}} preserve={false}>
        {children}
        <Form.Item name="State" label={stateLabel}>
          <Select options={reviewOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
