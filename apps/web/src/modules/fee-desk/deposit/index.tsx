import { tryFen } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request, requestEnvelope } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { type CrudColumn, type ListParams, ListPage, ReasonDialog } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { FEE_DESK, type Receipt } from '../api';
import { ReceiptDialog } from '../paycost/receipt-dialog';
import { TopUpDialog } from '../paycost/top-up-dialog';

interface AccountRow {
  Id: number;
  RoomId: number;
  RoomName: string;
  OwnerName: string;
  ItemId: number;
  ItemName: string;
  BalanceMoney: string;
  TopUpMoney: string;
  DeductMoney: string;
  LastTxnTime: string;
}

const columns: CrudColumn<AccountRow>[] = [
  { title: '房号', dataIndex: 'RoomName', width: 150 },
  { title: '业主', dataIndex: 'OwnerName', width: 90 },
  { title: '账户', dataIndex: 'ItemName', width: 100 },
  { title: '余额', dataIndex: 'BalanceMoney', width: 100, align: 'right' },
  { title: '累计充值', dataIndex: 'TopUpMoney', width: 100, align: 'right' },
  { title: '累计抵扣', dataIndex: 'DeductMoney', width: 100, align: 'right' },
  { title: '最近变动', dataIndex: 'LastTxnTime', width: 150 },
];

/** 预存款 (sfgl_yckgl): balances per room and account; 充值 is a payment with an SF receipt; 流水; 退款 (approved). */
export default function DepositPage() {
  const queryClient = useQueryClient();
  const communities = useCommunityOptions();
  const [topping, setTopping] = useState<AccountRow | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [txnsOf, setTxnsOf] = useState<AccountRow | null>(null);
  const [refunding, setRefunding] = useState<AccountRow | null>(null);
  const [refundAmount, setRefundAmount] = useState('');
  const refundFen = tryFen(refundAmount);
  const overBalance = !!refunding && refundFen !== null && refundFen > (tryFen(refunding.BalanceMoney) ?? 0);
  const [refundMethod, setRefundMethod] = useState(2);
  const txns = useQuery({
    queryKey: [FEE_DESK, 'account-txns', txnsOf?.Id],
    queryFn: () => request<Record<string, string>[]>('/Prepaid/TxnList', { AccountId: txnsOf!.Id, PgSize: 200 }),
    enabled: !!txnsOf,
  });

  return (
    <>
      <ListPage<AccountRow>
        resource={FEE_DESK}
        listName="accounts"
        fetch={(p: ListParams) => requestEnvelope<AccountRow[]>('/Prepaid/AccountList', p)}
        columns={columns}
        searchFields={[
          {
            name: 'CommunityId',
            label: '小区',
            type: 'select',
            options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
          },
          { name: 'Keyword', label: '关键字', placeholder: '房号/业主/手机' },
        ]}
        actionsWidth={160}
        rowActions={(r) => (
          <>
            <Auth btn="topup">
              <Button type="link" size="small" onClick={() => setTopping(r)}>
                充值
              </Button>
            </Auth>
            <Button type="link" size="small" onClick={() => setTxnsOf(r)}>
              流水
            </Button>
            {r.BalanceMoney !== '0.00' && (
              <Auth btn="refund">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => {
                    setRefundAmount(r.BalanceMoney);
                    setRefunding(r);
                  }}
                >
                  退款
                </Button>
              </Auth>
            )}
          </>
        )}
      />
      <TopUpDialog
        target={topping && { RoomId: topping.RoomId, RoomName: topping.RoomName, ItemId: topping.ItemId }}
        onClose={() => setTopping(null)}
        onDone={(r) => {
          setTopping(null);
          setReceipt(r);
          void invalidateAfterWrite(queryClient, FEE_DESK);
        }}
      />
      <Modal
        title={`预存流水 ${txnsOf?.RoomName ?? ''} ${txnsOf?.ItemName ?? ''}`}
        open={!!txnsOf}
        onCancel={() => setTxnsOf(null)}
        footer={null}
        width={760}
      >
        <Table
          size="small"
          rowKey="Id"
          loading={txns.isLoading}
          dataSource={txns.data ?? []}
          pagination={false}
          columns={[
            { title: '时间', dataIndex: 'CreateTime' },
            { title: '类型', dataIndex: 'TxnTypeName' },
            { title: '金额', dataIndex: 'AmountMoney', align: 'right' },
            { title: '余额', dataIndex: 'BalanceAfterMoney', align: 'right' },
            { title: '单号', dataIndex: 'ReceiptNo' },
          ]}
        />
      </Modal>
      <ReasonDialog
        open={!!refunding}
        title={`预存退款 ${refunding?.RoomName ?? ''} ${refunding?.ItemName ?? ''}`}
        label="退款原因"
        minLength={4}
        onClose={() => setRefunding(null)}
        onSubmit={async (Reason) => {
          await request('/FeeReversal/Apply', {
            Type: 3,
            AccountId: refunding!.Id,
            AmountMoney: refundAmount,
            RefundMethod: refundMethod,
            Reason,
          });
          ui.toast('success', '已提交退款申请，等待审批');
          void invalidateAfterWrite(queryClient, FEE_DESK);
        }}
      >
        <div style={{ marginBottom: 12 }}>
          退款金额：
          <Input
            aria-label="退款金额"
            prefix="¥"
            style={{ width: 150, marginRight: 12 }}
            value={refundAmount}
            onChange={(e) => setRefundAmount(e.target.value.replace(/[^\d.]/g, ''))}
          />
          <Select
            value={refundMethod}
            onChange={setRefundMethod}
            options={[
              { value: 2, label: '现金' },
              { value: 3, label: '转账' },
            ]}
            style={{ width: 100 }}
          />
          <div style={{ marginTop: 6, color: overBalance ? '#cf1322' : '#595959' }}>
            可退余额 ¥{refunding?.BalanceMoney}
            {overBalance && '，退款金额不能超过余额'}
          </div>
        </div>
      </ReasonDialog>
      <ReceiptDialog receipt={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}
