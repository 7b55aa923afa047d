import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { REJECT_PRESETS } from '../shared/labels';
import { rejectReasonError } from '../shared/resident-logic';
import { REGISTRATIONS, registrationReject } from './review-api';
import { invalidateAfterWrite } from '../../../app/query-deps';

/** 驳回 one or several applications with a reason (presets 信息不符 / 非本小区住户 / 材料不清晰). */
export function RejectDialog({ ids, onClose }: { ids: number[] | null; onClose(done: boolean): void }) {
  const [form] = Form.useForm<{ Reason: string }>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const submit = async () => {
    const { Reason } = await form.validateFields();
    setSaving(true);
    try {
      for (const id of ids ?? []) await registrationReject(id, Reason.trim());
      ui.toast('success', '已驳回');
      void invalidateAfterWrite(queryClient, REGISTRATIONS);
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={ids && ids.length > 1 ? `驳回 ${ids.length} 条申请` : '驳回申请'}
      open={!!ids}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="Reason"
          label="驳回原因"
          required
          rules={[
            {
              validator: (_, v?: string) =>
                rejectReasonError(v) ? Promise.reject(new Error(rejectReasonError(v)!)) : Promise.resolve(),
            },
          ]}
          extra={
            <Space size={4} wrap style={{ marginTop: 6 }}>
              {REJECT_PRESETS.map((p) => (
                <Button key={p} size="small" onClick={() => form.setFieldsValue({ Reason: p })}>
                  {p}
                </Button>
              ))}
            </Space>
          }
        >
          <Input.TextArea aria-label="驳回原因" rows={3} maxLength={100} showCount placeholder="申请人会看到驳回原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
