import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request, requestEnvelope } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { useUserStore } from '../../../app/stores/user-store';
import { Auth } from '../../../components/auth';
import { type CrudColumn, type ListParams, ListPage, ReasonDialog } from '../../../components/crud';
import { FEE_DESK } from '../api';

interface ReversalRow {
  Id: number;
  Type: number;
  TypeName: string;
  ReceiptNo: string;
  RoomName: string;
  AmountMoney: string;
  RefundMethodName: string;
  RefundNo: string;
  Reason: string;
  State: number;
  StateName: string;
  ApplicantId: number;
  ApplicantName: string;
  ApproverName: string;
  CreateTime: string;
  ApproveTime: string;
  RejectReason: string;
}

const STATE_COLORS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'default' };

// At 1440 px 状态 shows without scrolling sideways: 退款单号 (given on approval) starts hidden in 列设置.
const columns: CrudColumn<ReversalRow>[] = [
  { title: '类型', dataIndex: 'TypeName', width: 80 },
  { title: '收据号', dataIndex: 'ReceiptNo', width: 130 },
  { title: '房号', dataIndex: 'RoomName', width: 140 },
  { title: '金额', dataIndex: 'AmountMoney', width: 90, align: 'right' },
  { title: '退款方式', dataIndex: 'RefundMethodName', width: 80 },
  { title: '退款单号', dataIndex: 'RefundNo', width: 130, defaultHidden: true },
  { title: '原因', dataIndex: 'Reason', width: 140, ellipsis: true },
  { title: '申请人', dataIndex: 'ApplicantName', width: 80 },
  { title: '申请时间', dataIndex: 'CreateTime', width: 150 },
  {
    title: '状态',
    dataIndex: 'State',
    width: 80,
    render: (s: number, r) => <Tag color={STATE_COLORS[s]}>{r.StateName}</Tag>,
  },
  { title: '审批人', dataIndex: 'ApproverName', width: 80 },
  { title: '审批时间', dataIndex: 'ApproveTime', width: 150 },
  { title: '驳回原因', dataIndex: 'RejectReason', width: 140, ellipsis: true },
];

/** 作废退款申请: 通过/驳回 (`approve`, never one's own) and 撤回 by the applicant. */
export function ReversalsTab() {
  const queryClient = useQueryClient();
  const me = useUserStore((s) => s.info?.Id);
  const [rejecting, setRejecting] = useState<ReversalRow | null>(null);
  const act = async (call: string, body: Record<string, unknown>, msg: string) => {
    try {
      await request(call, body);
      ui.toast('success', msg);
    } finally {
      void invalidateAfterWrite(queryClient, FEE_DESK);
    }
  };
  return (
    <>
      <ListPage<ReversalRow>
        resource={FEE_DESK}
        listName="reversals"
        fetch={(p: ListParams) => requestEnvelope<ReversalRow[]>('/FeeReversal/List', p)}
        columns={columns}
        heightExtra={46}
        initialFilters={{ State: 1 }}
        searchFields={[
          { name: 'Keyword', label: '关键字', placeholder: '收据号/退款单号/房号' },
          {
            name: 'Type',
            label: '类型',
            type: 'select',
            options: ['作废', '退款', '预存退款'].map((label, i) => ({ value: i + 1, label })),
          },
          {
            name: 'State',
            label: '状态',
            type: 'select',
            options: ['待审批', '已通过', '已驳回', '已撤回'].map((label, i) => ({ value: i + 1, label })),
          },
        ]}
        actionsWidth={150}
        rowActions={(r) =>
          r.State === 1 && (
            <>
              <Auth btn="approve">
                <Popconfirm
                  title={`通过${r.TypeName}申请？`}
                  description={`${r.ReceiptNo || r.RoomName} ¥${r.AmountMoney}，通过后立即生效`}
                  okText="通过"
                  cancelText="取消"
                  onConfirm={() => act('/FeeReversal/Approve', { Id: r.Id }, '已通过').catch(() => undefined)}
                >
                  <Button type="link" size="small">
                    通过
                  </Button>
                </Popconfirm>
                <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                  驳回
                </Button>
              </Auth>
              {r.ApplicantId === me && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void act('/FeeReversal/Withdraw', { Id: r.Id, Type: r.Type }, '已撤回').catch(() => undefined)
                  }
                >
                  撤回
                </Button>
              )}
            </>
          )
        }
      />
      <ReasonDialog
        open={!!rejecting}
        title="驳回申请"
        label="驳回原因"
        minLength={4}
        onClose={() => setRejecting(null)}
        onSubmit={(Reason) => act('/FeeReversal/Reject', { Id: rejecting!.Id, Reason }, '已驳回')}
      />
    </>
  );
}
