import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Modal, Spin, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { ROLE_NAMES } from '../shared/labels';
import { RESIDENTS, type ResidentRow, residentGet, residentMoveOut } from './api';
import { invalidateAfterWrite } from '../../../app/query-deps';

interface Values {
  LinkIds: number[];
  MoveOutDate: Dayjs;
  RevokeCards: boolean;
}

/** 迁出: the links to end (default all), the date (default today), 同时注销门禁卡 (default on). */
export function MoveOutDialog({ row, onClose }: { row: ResidentRow | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: [RESIDENTS, 'get', row?.Id],
    queryFn: () => residentGet(row!.Id),
    enabled: !!row,
  });
  const active = (detail.data?.Rooms ?? []).filter((l) => !l.MoveOutDate);

  useEffect(() => {
    if (row && detail.data)
      form.setFieldsValue({ LinkIds: active.map((l) => l.Id), MoveOutDate: dayjs(), RevokeCards: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row, detail.data]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await residentMoveOut({
        Id: row!.Id,
        LinkIds: v.LinkIds,
        MoveOutDate: v.MoveOutDate.format('YYYY-MM-DD'),
        RevokeCards: v.RevokeCards,
      });
      ui.toast('success', '迁出成功');
      void invalidateAfterWrite(queryClient, RESIDENTS);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`迁出 — ${row?.Name ?? ''}`}
      open={!!row}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="确认迁出"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Spin spinning={detail.isLoading}>
        <Form form={form} layout="vertical">
          <Form.Item name="LinkIds" label="迁出的房屋" rules={[{ required: true, message: '请选择要迁出的房屋' }]}>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={active.map((l) => ({ value: l.Id, label: `${l.RoomName}（${ROLE_NAMES[l.Role]}）` }))}
            />
          </Form.Item>
          <Form.Item name="MoveOutDate" label="迁出日期" rules={[{ required: true, message: '请选择迁出日期' }]}>
            <DatePicker aria-label="迁出日期" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="RevokeCards" label="同时注销门禁卡" valuePropName="checked">
            <Switch aria-label="同时注销门禁卡" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
