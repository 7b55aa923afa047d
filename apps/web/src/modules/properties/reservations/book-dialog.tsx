import { HandoverSaveBody } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { fieldErrorEntries, zodRule } from '../../../components/crud';
import { PropertyCascader, type PropertyPath } from '../../../components/pickers';
import { type AppointmentRow, HANDOVER, handoverAvailability, handoverSave } from './api';
import { slotLabel } from './reservation-logic';
import { invalidateAfterWrite } from '../../../app/query-deps';

/** What the dialog does: book for a room (代客预约), move a booking (改期), or 复验 after 待整改. */
export type BookTarget =
  | { kind: 'new'; communityId?: number }
  | { kind: 'reschedule'; row: AppointmentRow }
  | { kind: 'recheck'; row: AppointmentRow };

interface Values {
  Place?: PropertyPath;
  ApptDate?: Dayjs;
  SlotStart?: string;
  ContactName?: string;
  ContactMobile?: string;
}

const rule = (name: keyof HandoverSaveBody & string) => [zodRule(HandoverSaveBody, name)];

/**
 * 代客预约 / 改期 / 复验: room, date, slot (each slot shows the places left), contact and mobile. The server checks
 * capacity under its lock; a full slot answers '该时段已约满，请选择其他时段' on the slot field.
 */
export function BookDialog({ target, onClose }: { target: BookTarget | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const place = Form.useWatch('Place', form);
  const date = Form.useWatch('ApptDate', form);
  const fixedRow = target && target.kind !== 'new' ? target.row : null;
  const communityId = fixedRow?.CommunityId ?? place?.CommunityId;
  const day = date?.format('YYYY-MM-DD');
  const slots = useQuery({
    queryKey: [HANDOVER, 'availability', communityId ?? 0, day ?? ''],
    queryFn: () => handoverAvailability(communityId!, day!, day!),
    enabled: !!communityId && !!day,
  });
  const today = slots.data?.[0];

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.kind === 'new') form.setFieldsValue({ Place: { CommunityId: target.communityId } });
    else
      form.setFieldsValue({
        ContactName: target.row.ContactName,
        ContactMobile: target.row.ContactMobile,
      });
  }, [target, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !target) return;
    setBusy(true);
    try {
      const res = await handoverSave({
        Id: target.kind === 'reschedule' ? target.row.Id : 0,
        RoomId: fixedRow?.RoomId ?? v.Place?.RoomId,
        ParentId: target.kind === 'recheck' ? target.row.Id : undefined,
        ApptDate: v.ApptDate!.format('YYYY-MM-DD'),
        SlotStart: v.SlotStart!,
        ContactName: v.ContactName,
        ContactMobile: v.ContactMobile,
      });
      ui.toast(
        'success',
        target.kind === 'reschedule' ? '改期成功' : `预约成功${res?.ApptNo ? `：${res.ApptNo}` : ''}`,
      );
      await invalidateAfterWrite(queryClient, HANDOVER);
      onClose();
    } catch (error) {
      const { fields } = fieldErrorEntries(error, ['ApptDate', 'SlotStart', 'ContactName', 'ContactMobile', 'RoomId']);
      form.setFields(fields.map((f) => (f.name === 'RoomId' ? { ...f, name: 'Place' } : f)) as never);
      await slots.refetch();
    } finally {
      setBusy(false);
    }
  };

  const title = !target ? '' : target.kind === 'new' ? '代客预约' : target.kind === 'reschedule' ? '改期' : '复验预约';
  return (
    <Modal
      title={title}
      open={!!target}
      onOk={() => void submit()}
      okText="提交预约"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed: Values) => {
          if ('ApptDate' in changed || 'Place' in changed) form.setFieldValue('SlotStart', undefined);
        }}
      >
        {fixedRow ? (
          <Typography.Paragraph>
            房间：<b>{fixedRow.RoomName}</b>（{fixedRow.CommunityName}）
            {target?.kind === 'reschedule' && `，原预约 ${fixedRow.ApptDate} ${fixedRow.Slot}，预约号不变`}
          </Typography.Paragraph>
        ) : (
          <Form.Item
            name="Place"
            label="房间"
            required
            rules={[
              {
                validator: async (_r, v?: PropertyPath) => {
                  if (!v?.RoomId) throw new Error('请选择房间');
                },
              },
            ]}
          >
            <PropertyCascader depth={4} width={120} />
          </Form.Item>
        )}
        <Form.Item name="ApptDate" label="预约日期" rules={rule('ApptDate')}>
          <DatePicker style={{ width: '100%' }} aria-label="预约日期" />
        </Form.Item>
        <Form.Item
          name="SlotStart"
          label="时段"
          rules={[
            ...rule('SlotStart'),
            {
              validator: async (_r, v?: string) => {
                // The same words as the server's refusal; the server checks again under its lock.
                if (v && today?.Slots.find((s) => s.Start === v)?.Left === 0)
                  throw new Error('该时段已约满，请选择其他时段');
              },
            },
          ]}
          extra={day && today && !today.Open ? '该日期不开放预约' : undefined}
        >
          <Select
            aria-label="时段"
            placeholder={day ? '请选择时段' : '请先选择日期'}
            loading={slots.isFetching}
            options={(today?.Open ? today.Slots : []).map((s) => ({
              value: s.Start,
              label: slotLabel(s),
            }))}
          />
        </Form.Item>
        <Form.Item name="ContactName" label="联系人" rules={rule('ContactName')}>
          <Input maxLength={30} placeholder="默认业主本人" aria-label="联系人" />
        </Form.Item>
        <Form.Item name="ContactMobile" label="联系手机" rules={rule('ContactMobile')}>
          <Input maxLength={11} placeholder="默认业主手机" aria-label="联系手机" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
