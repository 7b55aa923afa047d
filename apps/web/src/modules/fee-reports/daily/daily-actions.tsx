import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { FEE_REPORTS } from '../kit';
import type { Row } from '../labels';

/** FeeHandover.State 1 待确认: the only hand-over a reviewer can confirm or return. */
const PENDING = 1;

/**
 * 确认交班 / 退回 (`confirm`) on a cashier's day whose hand-over waits for review (fees.md FeeHandover.Confirm and
 * Return). Both change 收款记录's 交班 tab too, so they refresh the reports and the desk.
 */
export function HandoverActions({ row }: { row: Row }) {
  const queryClient = useQueryClient();
  const [returning, setReturning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ Reason: string }>();
  if (Number(row.HandoverState) !== PENDING || !row.HandoverId) return null;
  const id = Number(row.HandoverId);
  const done = async (text: string) => {
    ui.toast('success', text);
    await invalidateAfterWrite(queryClient, FEE_REPORTS);
  };
  return (
    <Auth btn="confirm">
      <Space size={0}>
        <Popconfirm
          title={`确认 ${String(row.CashierName ?? '')} 的交班？`}
          onConfirm={() => request('/FeeHandover/Confirm', { Id: id }).then(() => done('已确认交班'))}
        >
          <Button type="link" size="small">
            确认交班
          </Button>
        </Popconfirm>
        <Button type="link" size="small" danger onClick={() => setReturning(true)}>
          退回
        </Button>
      </Space>
      <Modal
        open={returning}
        title={`退回 ${String(row.CashierName ?? '')} 的交班`}
        okText="退回"
        okButtonProps={{ danger: true, loading: busy }}
        onCancel={() => setReturning(false)}
        destroyOnHidden
        onOk={() =>
          void form.validateFields().then(async ({ Reason }) => {
            setBusy(true);
            try {
              await request('/FeeHandover/Return', { Id: id, Reason });
              setReturning(false);
              await done('已退回交班');
            } finally {
              setBusy(false);
            }
          })
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="Reason"
            label="退回原因"
            rules={[{ required: true, whitespace: true, message: '请输入退回原因' }]}
          >
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Auth>
  );
}
