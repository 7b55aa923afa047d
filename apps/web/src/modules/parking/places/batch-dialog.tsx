import { batchSpaceNos, ParkingSpaceBatchBody } from '@linli/shared';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { fieldErrorEntries, zodRule } from '../../../components/crud';
import type { Option } from '../../../components/crud';
import { spaceTypeOptions } from '../shared/options';

type Values = { LotId?: number; Prefix?: string; From?: number; To?: number; Width?: number; SpaceType?: number };
const rule = (name: keyof Values & string) => [zodRule(ParkingSpaceBatchBody, name)];
const NAMES = ['LotId', 'Prefix', 'From', 'To', 'Width', 'SpaceType'];

/** 批量新增: Prefix + From…To padded to Width (B1- 1–120 width 3 → B1-001…B1-120), refused past the lot's 车位总数. */
export function BatchAddDialog({
  open,
  lots,
  onClose,
  onDone,
}: {
  open: boolean;
  lots: Option[];
  onClose(): void;
  onDone(): void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const v = Form.useWatch([], form) as Values | undefined;
  const sample =
    v && v.From !== undefined && v.To !== undefined && v.To >= v.From
      ? batchSpaceNos({ Prefix: v.Prefix ?? '', From: v.From, To: v.To, Width: v.Width ?? 3 })
      : [];
  const submit = async () => {
    // A field left wrong shows its own message; the rejection carries nothing more.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const r = await request<{ Count: number }>('/ParkingSpace/BatchAdd', values, { silent: true });
      ui.toast('success', `已新增${r.Count}个车位`);
      form.resetFields();
      onDone();
    } catch (e) {
      const { fields } = fieldErrorEntries(e, NAMES);
      if (fields.length) form.setFields(fields as never);
      ui.toast('error', (e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="批量新增车位" open={open} onCancel={onClose} onOk={submit} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ Prefix: 'B1-', From: 1, To: 10, Width: 3, SpaceType: 1 }}>
        <Form.Item name="LotId" label="车场" rules={rule('LotId')}>
          <Select options={lots} placeholder="请选择车场" aria-label="车场" />
        </Form.Item>
        <Form.Item name="Prefix" label="编号前缀" rules={rule('Prefix')}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item label="编号范围" required style={{ marginBottom: 0 }}>
          <Form.Item name="From" rules={rule('From')} style={{ display: 'inline-block', width: 'calc(50% - 12px)' }}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} aria-label="起始编号" />
          </Form.Item>
          <span style={{ display: 'inline-block', width: 24, textAlign: 'center' }}>至</span>
          <Form.Item name="To" rules={rule('To')} style={{ display: 'inline-block', width: 'calc(50% - 12px)' }}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} aria-label="结束编号" />
          </Form.Item>
        </Form.Item>
        <Form.Item name="Width" label="编号位数" rules={rule('Width')}>
          <InputNumber min={1} max={6} precision={0} />
        </Form.Item>
        <Form.Item name="SpaceType" label="车位类型">
          <Select options={spaceTypeOptions} />
        </Form.Item>
        {sample.length > 0 && (
          <Typography.Text type="secondary">
            将新增 {sample.length} 个：{sample[0]}
            {sample.length > 1 ? ` … ${sample.at(-1)}` : ''}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
