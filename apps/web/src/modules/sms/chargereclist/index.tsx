import type { SmsBalanceLogRow, SmsRechargeRow } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Radio, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/auth';
import {
  type CrudColumn,
  invalidateAfterWrite,
  ListPage,
  RowActions,
  type SearchField,
} from '../../../components/crud';
import { SMS, smsApi } from '../shared/api';
import { BalanceCard } from '../shared/balance-card';
import { showFieldErrors } from '../shared/form-errors';
import {
  balanceKindOptions,
  packageOptions,
  payMethodOptions,
  rechargeStateOptions,
  stateColor,
} from '../shared/labels';

// 下单人/时间 and 确认人/时间 as the domain's two columns (name over time), so the list fits beside the fixed 操作.
const whoWhen = (who: string, when: string) => (
  <>
    <div>{who}</div>
    <Typography.Text type="secondary">{when}</Typography.Text>
  </>
);
const columns: CrudColumn<SmsRechargeRow>[] = [
  { title: '订单号', dataIndex: 'OrderNo', width: 190, fixed: 'left', hideable: false },
  { title: '套餐', dataIndex: 'PackageName', width: 100 },
  { title: '条数', dataIndex: 'Count', width: 70, align: 'right' },
  { title: '金额', dataIndex: 'PayMoney', width: 90, money: true, sumIf: (r) => r.State === 2 },
  { title: '支付方式', dataIndex: 'PayMethodName', width: 84 },
  { title: '状态', dataIndex: 'StateName', width: 74, render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag> },
  {
    title: '下单人/时间',
    dataIndex: 'CreatorName',
    width: 164,
    render: (_v, r) => whoWhen(r.CreatorName, r.CreateTime),
  },
  {
    title: '确认人/时间',
    dataIndex: 'ConfirmerName',
    width: 164,
    render: (_v, r) => (r.ConfirmTime ? whoWhen(r.ConfirmerName, r.ConfirmTime) : ''),
  },
  { title: '流水号', dataIndex: 'PayRef', width: 150, ellipsis: { showTitle: true } },
];
const search: SearchField[] = [
  { name: 'State', label: '状态', type: 'select', options: rechargeStateOptions, width: 110 },
  { name: 'Dates', label: '下单日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
];
const logColumns: CrudColumn<SmsBalanceLogRow>[] = [
  { title: '时间', dataIndex: 'CreateTime', width: 170 },
  { title: '类型', dataIndex: 'KindName', width: 100 },
  {
    title: '变动条数',
    dataIndex: 'Delta',
    width: 110,
    align: 'right',
    render: (d: number) => <Typography.Text type={d < 0 ? 'danger' : 'success'}>{d > 0 ? `+${d}` : d}</Typography.Text>,
  },
  { title: '余额', dataIndex: 'Balance', width: 100, align: 'right' },
  { title: '关联单号', dataIndex: 'RefNo', width: 200 },
];
const logSearch: SearchField[] = [
  { name: 'Kind', label: '类型', type: 'select', options: balanceKindOptions, width: 120 },
  { name: 'Dates', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
];

/** 短信充值 (dxgl_dxcz): the balance, 充值记录 (充值 / 确认到账 / 取消) and 余额明细. */
export default function ChargeRecordPage() {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<SmsRechargeRow | null>(null);
  const [addForm] = Form.useForm();
  const [confirmForm] = Form.useForm();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const v = await addForm.validateFields();
    setBusy(true);
    try {
      await smsApi.rechargeAdd(v);
      await invalidateAfterWrite(client, SMS);
      setAdding(false);
    } catch (e) {
      showFieldErrors(addForm, e);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    const v = await confirmForm.validateFields();
    setBusy(true);
    try {
      await smsApi.rechargeConfirm(confirming!.Id, v.PayRef);
      await invalidateAfterWrite(client, SMS);
      setConfirming(null);
    } catch (e) {
      showFieldErrors(confirmForm, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-container">
      <BalanceCard />
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'orders',
              label: '充值记录',
              children: (
                <ListPage<SmsRechargeRow>
                  resource={SMS}
                  listName="recharges"
                  fetch={smsApi.recharges}
                  columns={columns}
                  searchFields={search}
                  exportCall="/SmsRecharge/Export"
                  exportName="短信充值记录"
                  heightExtra={150}
                  actionsWidth={110}
                  toolbar={() => (
                    <Auth btn="add">
                      <Button type="primary" onClick={() => setAdding(true)}>
                        充值
                      </Button>
                    </Auth>
                  )}
                  rowActions={(row, ctx) => (
                    <RowActions
                      row={row}
                      actions={[
                        {
                          label: '确认到账',
                          btn: 'confirm',
                          hidden: (r) => r.State !== 1,
                          onClick: (r) => setConfirming(r),
                        },
                        {
                          label: '取消订单',
                          btn: 'cancel',
                          danger: true,
                          confirm: (r) => `确定取消订单「${r.OrderNo}」吗？`,
                          hidden: (r) => r.State !== 1,
                          onClick: async (r) => {
                            await smsApi.rechargeCancel(r.Id);
                            await ctx.refresh();
                          },
                        },
                      ]}
                    />
                  )}
                />
              ),
            },
            {
              key: 'log',
              label: '余额明细',
              children: (
                <ListPage<SmsBalanceLogRow>
                  resource={SMS}
                  listName="balance-log"
                  fetch={smsApi.balanceLog}
                  columns={logColumns}
                  searchFields={logSearch}
                  heightExtra={150}
                />
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={adding}
        title="短信充值"
        onCancel={() => setAdding(false)}
        onOk={() => void add()}
        confirmLoading={busy}
        okText="下单"
        destroyOnHidden
      >
        <Form form={addForm} labelCol={{ flex: '90px' }} initialValues={{ Package: 1, PayMethod: 1 }} preserve={false}>
          <Form.Item name="Package" label="套餐" rules={[{ required: true, message: '请选择套餐' }]}>
            <Radio.Group options={packageOptions} optionType="button" />
          </Form.Item>
          <Form.Item name="PayMethod" label="支付方式" rules={[{ required: true, message: '请选择支付方式' }]}>
            <Radio.Group options={payMethodOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!confirming}
        title={`确认到账：${confirming?.OrderNo ?? ''}`}
        onCancel={() => setConfirming(null)}
        onOk={() => void confirm()}
        confirmLoading={busy}
        okText="确认到账"
        destroyOnHidden
      >
        <Typography.Paragraph>
          {confirming?.PackageName}，金额 ¥{confirming?.PayMoney}，{confirming?.PayMethodName}。确认后余额增加{' '}
          {confirming?.Count} 条。
        </Typography.Paragraph>
        <Form form={confirmForm} labelCol={{ flex: '90px' }} preserve={false}>
          <Form.Item
            name="PayRef"
            label="流水号"
            rules={[{ required: true, whitespace: true, message: '请输入流水号' }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
