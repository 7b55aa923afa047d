import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { cashierContext, FEE_DESK } from '../api';

interface StandardOption {
  Id: number;
  StandardName: string;
  ItemName: string;
  Kind: number;
}

/**
 * 预缴 (a standard and 1–24 months: the generator makes those future bills, which then show ticked under 待缴账单)
 * and 临时收费 (a one-off or deposit standard with its amount). Both need `addbill`.
 */
export function AddBillTab({ mode, roomId, onDone }: { mode: 'prepay' | 'temp'; roomId: number; onDone(): void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const context = useQuery({ queryKey: [FEE_DESK, 'context', roomId], queryFn: () => cashierContext(roomId) });
  const communityId = context.data?.Room?.CommunityId;
  const standards = useQuery({
    queryKey: [FEE_DESK, 'standards', communityId],
    queryFn: () => request<StandardOption[]>('/FeeStandard/Options', { CommunityId: communityId }),
    enabled: !!communityId,
  });
  const options = (standards.data ?? [])
    .filter((s) => (mode === 'prepay' ? s.Kind === 1 : s.Kind === 2 || s.Kind === 4))
    .map((s) => ({ value: s.Id, label: `${s.ItemName} · ${s.StandardName}` }));

  const submit = async (v: { StandardId: number; Months?: number; AmountMoney?: string; Remark?: string }) => {
    setBusy(true);
    try {
      if (mode === 'prepay') {
        const r = await request<{ BillIds: number[] }>('/FeeBill/Prepay', {
          PayerType: 1,
          PayerId: roomId,
          StandardId: v.StandardId,
          Months: v.Months,
        });
        ui.toast('success', `已生成${r.BillIds.length}笔预缴账单`);
      } else {
        await request('/FeeBill/AddTemp', {
          PayerType: 1,
          PayerId: roomId,
          StandardId: v.StandardId,
          AmountMoney: v.AmountMoney,
          Remark: v.Remark,
        });
        ui.toast('success', '已添加临时收费');
      }
      form.resetFields();
      await invalidateAfterWrite(queryClient, FEE_DESK);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Auth btn="addbill" fallback={<span>没有预缴/临时收费权限</span>}>
      <Form form={form} layout="inline" onFinish={(v) => void submit(v).catch(() => undefined)}>
        <Form.Item name="StandardId" label="收费标准" rules={[{ required: true, message: '请选择收费标准' }]}>
          <Select
            style={{ width: 260 }}
            options={options}
            loading={standards.isLoading}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        {mode === 'prepay' ? (
          <Form.Item
            name="Months"
            label="月数"
            initialValue={12}
            rules={[{ required: true, message: '预缴月数需为1-24' }]}
          >
            <InputNumber min={1} max={24} precision={0} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="AmountMoney" label="金额" rules={[{ required: true, message: '请输入金额' }]}>
              <Input prefix="¥" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="Remark" label="备注">
              <Input style={{ width: 200 }} maxLength={200} />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" loading={busy}>
          {mode === 'prepay' ? '生成预缴账单' : '添加'}
        </Button>
      </Form>
    </Auth>
  );
}
