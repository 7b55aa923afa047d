import { RoomBatchStatusBody } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { zodRule } from '../../../components/crud';
import { roomStatusOptions } from '../shared/labels';
import { ROOMS, type RoomRow, roomBatchStatus } from './api';
import { invalidateAfterWrite } from '../../../app/query-deps';

/** 批量改状态: the selected rooms to one status, with a reason (each change writes a status-log row). */
export function BatchStatusDialog({ rows, onClose }: { rows: RoomRow[] | null; onClose(saved: boolean): void }) {
  const [form] = Form.useForm<{ Status: number; Reason: string }>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !rows) return;
    setBusy(true);
    try {
      const res = await roomBatchStatus(
        rows.map((r) => r.Id),
        v.Status,
        v.Reason,
      );
      ui.toast('success', `已修改 ${res.Changed} 间房间的状态`);
      await invalidateAfterWrite(queryClient, ROOMS);
      onClose(true);
    } catch {
      // The request client toasted the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="批量改状态"
      open={!!rows}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      confirmLoading={busy}
      afterOpenChange={(open) => open && form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        已选 {rows?.length ?? 0} 间：
        {rows
          ?.slice(0, 5)
          .map((r) => r.FullName)
          .join('、')}
        {(rows?.length ?? 0) > 5 ? ' 等' : ''}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="Status" label="新状态" rules={[zodRule(RoomBatchStatusBody, 'Status')]}>
          <Select options={roomStatusOptions} aria-label="新状态" />
        </Form.Item>
        <Form.Item name="Reason" label="变更原因" rules={[zodRule(RoomBatchStatusBody, 'Reason')]}>
          <Input.TextArea maxLength={200} showCount rows={3} aria-label="变更原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
