import { useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { type CrudColumn, ListPage, ReasonDialog } from '../../../components/crud';
import {
  FEE_DESK,
  type PaymentDetail,
  type PaymentRow,
  paymentDetail,
  paymentList,
  type Receipt,
  reprintReceipt,
} from '../api';
import { ReceiptDialog } from '../paycost/receipt-dialog';

const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'orange', 4: 'red' };

// At 1440 px 实收, 方式, 收款人 and 状态 (is it voided?) must show without scrolling sideways: 交款人 (the room
// names the payer), 应收 and its parts, 来源 and 打印次数 start hidden (列设置 shows them).
const columns: CrudColumn<PaymentRow>[] = [
  { title: '收据号', dataIndex: 'ReceiptNo', width: 130, fixed: 'left' },
  { title: '时间', dataIndex: 'PayTime', width: 150 },
  { title: '房号', dataIndex: 'RoomName', width: 120 },
  { title: '交款人', dataIndex: 'PayerName', width: 90, defaultHidden: true },
  { title: '项目摘要', dataIndex: 'ItemSummary', width: 140, ellipsis: true },
  { title: '应收', dataIndex: 'DueMoney', width: 90, align: 'right', defaultHidden: true },
  { title: '减免', dataIndex: 'DiscountMoney', width: 80, align: 'right', defaultHidden: true },
  { title: '滞纳金', dataIndex: 'LateFeeMoney', width: 80, align: 'right', defaultHidden: true },
  { title: '预存抵扣', dataIndex: 'PrepaidUsedMoney', width: 90, align: 'right', defaultHidden: true },
  { title: '实收', dataIndex: 'PaidMoney', width: 90, align: 'right' },
  { title: '方式', dataIndex: 'MethodNames', width: 96 },
  { title: '收款人', dataIndex: 'CashierName', width: 80 },
  { title: '来源', dataIndex: 'SourceName', width: 80, defaultHidden: true },
  {
    title: '状态',
    dataIndex: 'State',
    width: 90,
    render: (s: number, r) => (
      <>
        <Tag color={STATE_COLORS[s]}>{r.StateName}</Tag>
        {r.PendingType > 0 && <Tag color="orange">{r.PendingName}</Tag>}
      </>
    ),
  },
  { title: '打印次数', dataIndex: 'PrintCount', width: 80, defaultHidden: true },
];

const METHODS = ['现金', '微信', '支付宝', 'POS刷卡', '银行转账', '预存款抵扣'].map((label, i) => ({
  value: i + 1,
  label,
}));

/** 收款单: search, 补打, 作废 (whole payment) and 退款 (lines ≤ 可退, 原路/现金/转账/转预存), each a request to approve. */
export function PaymentsTab() {
  const queryClient = useQueryClient();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [voiding, setVoiding] = useState<PaymentRow | null>(null);
  const [refunding, setRefunding] = useState<PaymentDetail | null>(null);
  const [refundLines, setRefundLines] = useState<Record<number, number | null>>({});
  const [refundMethod, setRefundMethod] = useState(1);
  const done = (msg: string) => {
    ui.toast('success', msg);
    void invalidateAfterWrite(queryClient, FEE_DESK);
  };
  return (
    <>
      <ListPage<PaymentRow>
        resource={FEE_DESK}
        listName="payments"
        fetch={paymentList}
        columns={columns}
        heightExtra={46}
        exportCall="/FeePayment/Export"
        exportName="收款记录"
        searchFields={[
          { name: 'Keyword', label: '关键字', placeholder: '收据号/房号/交款人' },
          { name: 'Method', label: '方式', type: 'select', options: METHODS },
          {
            name: 'State',
            label: '状态',
            type: 'select',
            options: ['正常', '已作废', '部分退款', '已退款'].map((label, i) => ({ value: i + 1, label })),
          },
          { name: 'Dates', label: '收款日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'] },
        ]}
        actionsWidth={150}
        rowActions={(r) => (
          <>
            <Auth btn="print">
              <Button type="link" size="small" onClick={() => void reprintReceipt(r.Id).then(setReceipt)}>
                补打
              </Button>
            </Auth>
            {r.State === 1 && !r.PendingType && (
              <Auth btn="void">
                <Button type="link" size="small" danger onClick={() => setVoiding(r)}>
                  作废
                </Button>
              </Auth>
            )}
            {(r.State === 1 || r.State === 3) && !r.PendingType && (
              <Auth btn="refund">
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void paymentDetail(r.Id).then((d) => {
                      setRefundLines({});
                      setRefundMethod(1);
                      setRefunding(d);
                    })
                  }
                >
                  退款
                </Button>
              </Auth>
            )}
          </>
        )}
      />
      <ReceiptDialog receipt={receipt} onClose={() => setReceipt(null)} />
      <ReasonDialog
        open={!!voiding}
        title={`作废收款 ${voiding?.ReceiptNo ?? ''}`}
        label="作废原因"
        minLength={4}
        onClose={() => setVoiding(null)}
        onSubmit={async (Reason) => {
          await request('/FeeReversal/Apply', { Type: 1, PaymentId: voiding!.Id, Reason });
          done('已提交作废申请，等待审批');
        }}
      />
      <ReasonDialog
        open={!!refunding}
        title={`退款 ${refunding?.ReceiptNo ?? ''}`}
        label="退款原因"
        minLength={4}
        onClose={() => setRefunding(null)}
        onSubmit={async (Reason) => {
          const Lines = Object.entries(refundLines)
            .filter(([, v]) => v && v > 0)
            .map(([id, v]) => ({ PaymentLineId: Number(id), RefundMoney: String(v) }));
          await request(
            '/FeeReversal/Apply',
            { Type: 2, PaymentId: refunding!.Id, RefundMethod: refundMethod, Lines, Reason },
            { json: true },
          );
          done('已提交退款申请，等待审批');
        }}
      >
        <Table
          size="small"
          rowKey="Id"
          pagination={false}
          dataSource={refunding?.Lines ?? []}
          columns={[
            { title: '项目', dataIndex: 'ItemName' },
            { title: '账期', dataIndex: 'Period' },
            { title: '金额', dataIndex: 'LineMoney', align: 'right' },
            { title: '可退', dataIndex: 'RefundableMoney', align: 'right' },
            {
              title: '退款金额',
              render: (_: unknown, l) => (
                <InputNumber
                  aria-label={`退款金额 ${l.ItemName}`}
                  min={0}
                  max={Number(l.RefundableMoney)}
                  precision={2}
                  value={refundLines[l.Id] ?? null}
                  onChange={(v) => setRefundLines({ ...refundLines, [l.Id]: v })}
                />
              ),
            },
          ]}
        />
        <div style={{ margin: '12px 0' }}>
          退款方式：
          <Select
            style={{ width: 140 }}
            value={refundMethod}
            onChange={setRefundMethod}
            options={['原路', '现金', '转账', '转预存'].map((label, i) => ({ value: i + 1, label }))}
          />
        </div>
      </ReasonDialog>
    </>
  );
}
