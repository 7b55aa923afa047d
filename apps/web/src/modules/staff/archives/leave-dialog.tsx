import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { fieldErrorEntries } from '../../../components/crud';
import { ARCHIVES, type ArchiveRow, archiveLeave } from './api';
import { leaveDateProblem } from './archive-logic';
import { invalidateAfterWrite } from '../../../app/query-deps';

interface Values {
  LeaveDate: Dayjs;
  LeaveReason?: string;
  DisableAccount: boolean;
}

/** 办理离职: date (not before entry), reason, and 同时停用登录账号 (ticked when an account is linked). */
export function LeaveDialog({ row, onClose }: { row: ArchiveRow | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (row) form.setFieldsValue({ LeaveDate: dayjs(), LeaveReason: '', DisableAccount: row.UserId > 0 });
  }, [row, form]);

  const submit = async () => {
    if (!row) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await archiveLeave({
        Id: row.Id,
        LeaveDate: v.LeaveDate.format('YYYY-MM-DD'),
        LeaveReason: v.LeaveReason?.trim(),
        DisableAccount: v.DisableAccount,
      });
      ui.toast('success', '已办理离职');
      await invalidateAfterWrite(queryClient, ARCHIVES);
      // A disabled account changes the staff lists too.
      if (v.DisableAccount) void invalidateAfterWrite(queryClient, 'staff');
      onClose();
    } catch (error) {
      form.setFields(fieldErrorEntries(error, ['LeaveDate', 'LeaveReason']).fields as never);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`办理离职 - ${row?.Name ?? ''}（${row?.EmployeeNo ?? ''}）`}
      open={!!row}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="LeaveDate"
          label="离职日期"
          required
          extra={row ? `入职日期 ${row.EntryDate}` : undefined}
          rules={[
            {
              validator: (_, v?: Dayjs) => {
                const msg = leaveDateProblem(v?.format('YYYY-MM-DD'), row?.EntryDate);
                return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} aria-label="离职日期" />
        </Form.Item>
        <Form.Item name="LeaveReason" label="离职原因" rules={[{ max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          name="DisableAccount"
          valuePropName="checked"
          extra={row?.UserAccount ? `关联账号：${row.UserAccount}` : '未关联登录账号'}
        >
          <Checkbox disabled={!row?.UserId}>同时停用登录账号</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
