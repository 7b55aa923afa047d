import { MeterBindBody, MeterSaveBody, MeterUnbindBody } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { fieldErrorEntries, zodRule } from '../../../components/crud';
import { meterTypeOptions } from '../shared/labels';
import { type MeterRow, metersByRoom, meterBind, meterSave, meterUnbind, ROOMS, type RoomRow } from './api';
import { MeterPicker } from './meter-picker';
import { invalidateAfterWrite } from '../../../app/query-deps';

type Step = { kind: 'list' } | { kind: 'new' } | { kind: 'bind' } | { kind: 'unbind'; meter: MeterRow };

const readingInput = (label: string) => (
  <InputNumber min={0} precision={2} stringMode style={{ width: '100%' }} aria-label={label} />
);

/**
 * 绑定仪表 (`linkmeter`): the room's meters (水表/电表/燃气表, 表号, 倍率, readings, 预付费, 状态) with 新增并绑定,
 * 绑定已有表 and 解绑 (asks the current reading). A meter bound elsewhere is still found by the picker; the server
 * refuses it with that room named, shown under the field (acceptance 6).
 */
export function LinkMeterDialog({ room, onClose }: { room: RoomRow | null; onClose(): void }) {
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const meterType = Form.useWatch('MeterType', form) as number | undefined;
  const meters = useQuery({
    queryKey: [ROOMS, 'meters', room?.Id ?? 0],
    queryFn: () => metersByRoom(room!.Id),
    enabled: !!room,
  });

  const go = (next: Step) => {
    form.resetFields();
    if (next.kind === 'new') form.setFieldsValue({ MeterType: 2, Multiplier: '1.00', InitialReading: '0' });
    setStep(next);
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !room) return;
    setBusy(true);
    try {
      if (step.kind === 'new') await meterSave({ ...v, Id: 0, CommunityId: room.CommunityId, RoomId: room.Id });
      else if (step.kind === 'bind') await meterBind(v.MeterId, room.Id, String(v.Reading));
      else if (step.kind === 'unbind') await meterUnbind(step.meter.Id, String(v.Reading));
      ui.toast('success', step.kind === 'unbind' ? '解绑成功' : '绑定成功');
      await invalidateAfterWrite(queryClient, ROOMS);
      go({ kind: 'list' });
    } catch (error) {
      form.setFields(fieldErrorEntries(error, ['MeterNo', 'Reading', 'MeterId', 'Multiplier']).fields as never);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    go({ kind: 'list' });
    onClose();
  };
  const titles = { list: '绑定仪表', new: '新增并绑定', bind: '绑定已有表', unbind: '解绑仪表' };

  return (
    <Modal
      title={`${titles[step.kind]} - ${room?.FullName ?? ''}`}
      open={!!room}
      width={step.kind === 'list' ? 860 : 520}
      onCancel={close}
      destroyOnHidden
      footer={
        step.kind === 'list'
          ? [
              <Button key="close" onClick={close}>
                关闭
              </Button>,
            ]
          : [
              <Button key="back" onClick={() => go({ kind: 'list' })}>
                返回
              </Button>,
              <Button key="ok" type="primary" loading={busy} onClick={() => void submit()}>
                确定
              </Button>,
            ]
      }
    >
      {step.kind === 'list' && (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Button type="primary" onClick={() => go({ kind: 'new' })}>
              新增并绑定
            </Button>
            <Button onClick={() => go({ kind: 'bind' })}>绑定已有表</Button>
          </Space>
          <Table<MeterRow>
            size="small"
            rowKey="Id"
            loading={meters.isFetching}
            dataSource={meters.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '类型', dataIndex: 'MeterTypeName' },
              { title: '表号', dataIndex: 'MeterNo' },
              { title: '倍率', dataIndex: 'Multiplier' },
              { title: '初始读数', dataIndex: 'InitialReading' },
              { title: '最近读数', dataIndex: 'LastReading' },
              { title: '预付费', dataIndex: 'IsPrepaid', render: (v: boolean) => (v ? '是' : '否') },
              { title: '状态', dataIndex: 'StatusName' },
              {
                title: '操作',
                key: 'op',
                render: (_v, m) => (
                  <Button type="link" size="small" danger onClick={() => go({ kind: 'unbind', meter: m })}>
                    解绑
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      {step.kind !== 'list' && (
        <Form form={form} layout="vertical">
          {step.kind === 'new' && (
            <>
              <Form.Item name="MeterType" label="仪表类型" rules={[zodRule(MeterSaveBody, 'MeterType')]}>
                <Select options={meterTypeOptions} aria-label="仪表类型" />
              </Form.Item>
              <Form.Item name="MeterNo" label="表号" rules={[zodRule(MeterSaveBody, 'MeterNo')]}>
                <Input maxLength={30} aria-label="表号" />
              </Form.Item>
              <Form.Item name="Multiplier" label="倍率" rules={[zodRule(MeterSaveBody, 'Multiplier')]}>
                <InputNumber min={0.01} precision={2} stringMode style={{ width: '100%' }} aria-label="倍率" />
              </Form.Item>
              <Form.Item name="InitialReading" label="初始读数" rules={[zodRule(MeterSaveBody, 'InitialReading')]}>
                {readingInput('初始读数')}
              </Form.Item>
              <Form.Item name="IsPrepaid" label="预付费" valuePropName="checked">
                <Switch aria-label="预付费" />
              </Form.Item>
              <Form.Item name="DeviceSn" label="设备编号">
                <Input maxLength={50} aria-label="设备编号" />
              </Form.Item>
            </>
          )}
          {step.kind === 'bind' && (
            <>
              <Form.Item name="MeterType" label="仪表类型">
                <Select options={meterTypeOptions} allowClear aria-label="仪表类型" />
              </Form.Item>
              <Form.Item name="MeterId" label="仪表" rules={[zodRule(MeterBindBody, 'MeterId')]}>
                <MeterPicker communityId={room?.CommunityId ?? 0} roomId={room?.Id ?? 0} meterType={meterType} />
              </Form.Item>
              <Form.Item name="Reading" label="绑定时读数" rules={[zodRule(MeterBindBody, 'Reading')]}>
                {readingInput('绑定时读数')}
              </Form.Item>
            </>
          )}
          {step.kind === 'unbind' && (
            <Form.Item
              name="Reading"
              label={`${step.meter.MeterTypeName} ${step.meter.MeterNo} 当前读数（上次 ${step.meter.LastReading}）`}
              rules={[zodRule(MeterUnbindBody, 'Reading')]}
            >
              {readingInput('当前读数')}
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
