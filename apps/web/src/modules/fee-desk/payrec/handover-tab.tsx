import { useQuery, useQueryClient } from '@tanstack/react-query';
import { canButton } from '@linli/shared';
import { Button, Descriptions, Input, Modal, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request, requestEnvelope } from '../../../app/request';
import { useUserStore } from '../../../app/stores/user-store';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { type CrudColumn, type ListParams, ListPage, ReasonDialog } from '../../../components/crud';
import { FEE_DESK } from '../api';
import { fenOr0, yuan } from '../paycost/pay-logic';

interface HandoverRow {
  Id: number;
  CashierName: string;
  FromTime: string;
  ToTime: string;
  Count: number;
  CashMoney: string;
  WechatMoney: string;
  AlipayMoney: string;
  PosMoney: string;
  BankMoney: string;
  RefundMoney: string;
  TotalMoney: string;
  CountedCashMoney: string;
  DiffMoney: string;
  State: number;
  StateName: string;
  ConfirmerName: string;
  ReturnReason: string;
}
type Preview = Omit<
  HandoverRow,
  'Id' | 'CashierName' | 'CountedCashMoney' | 'DiffMoney' | 'State' | 'StateName' | 'ConfirmerName' | 'ReturnReason'
> & {
  PrepaidUsedMoney: string;
};

const money = (title: string, dataIndex: keyof HandoverRow, defaultHidden = false): CrudColumn<HandoverRow> => ({
  title,
  dataIndex,
  width: 90,
  align: 'right',
  defaultHidden,
});
// At 1440 px 合计, 实点现金, 长短款 and 状态 (待确认?) show without scrolling sideways: the non-cash methods, 确认人
// and 退回原因 start hidden (列设置 shows them).
const columns: CrudColumn<HandoverRow>[] = [
  { title: '收款人', dataIndex: 'CashierName', width: 80 },
  { title: '开始', dataIndex: 'FromTime', width: 150 },
  { title: '截止', dataIndex: 'ToTime', width: 150 },
  { title: '笔数', dataIndex: 'Count', width: 60 },
  money('现金', 'CashMoney'),
  money('微信', 'WechatMoney', true),
  money('支付宝', 'AlipayMoney', true),
  money('POS', 'PosMoney', true),
  money('转账', 'BankMoney', true),
  money('退款', 'RefundMoney'),
  money('合计', 'TotalMoney'),
  money('实点现金', 'CountedCashMoney'),
  money('长短款', 'DiffMoney'),
  {
    title: '状态',
    dataIndex: 'State',
    width: 80,
    render: (s: number, r) => <Tag color={s === 2 ? 'green' : s === 3 ? 'red' : 'orange'}>{r.StateName}</Tag>,
  },
  { title: '确认人', dataIndex: 'ConfirmerName', width: 80, defaultHidden: true },
  { title: '退回原因', dataIndex: 'ReturnReason', width: 120, ellipsis: true, defaultHidden: true },
];

/** 交班记录 and 交班: the takings since the last hand-over per method; 实点现金 gives 长短款. Finance confirms. */
export function HandoverTab() {
  const queryClient = useQueryClient();
  const buttons = useUserStore((s) => s.info?.Buttons ?? []);
  const canConfirm = canButton({ roles: ['sfgl_sfbb'] }, 'confirm', buttons);
  const [open, setOpen] = useState(false);
  const [counted, setCounted] = useState('');
  const [returning, setReturning] = useState<HandoverRow | null>(null);
  const preview = useQuery({
    queryKey: [FEE_DESK, 'handover-preview'],
    queryFn: () => request<Preview>('/FeeHandover/Preview'),
    enabled: open,
  });
  const p = preview.data;
  const refresh = () => void invalidateAfterWrite(queryClient, FEE_DESK);
  const submit = async () => {
    if (!p) return;
    const r = await request<{ DiffMoney: string }>('/FeeHandover/Submit', {
      ToTime: p.ToTime,
      CountedCashMoney: counted || '0',
    });
    ui.toast('success', `交班已提交，长短款¥${r.DiffMoney}`);
    setOpen(false);
    refresh();
  };
  return (
    <>
      <ListPage<HandoverRow>
        resource={FEE_DESK}
        listName="handovers"
        fetch={(q: ListParams) => requestEnvelope<HandoverRow[]>('/FeeHandover/List', q)}
        columns={columns}
        heightExtra={46}
        searchFields={[
          {
            name: 'State',
            label: '状态',
            type: 'select',
            options: ['待确认', '已确认', '已退回'].map((label, i) => ({ value: i + 1, label })),
          },
        ]}
        toolbar={() => (
          <Auth btn="handover">
            <Button
              type="primary"
              onClick={() => {
                setCounted('');
                setOpen(true);
              }}
            >
              交班
            </Button>
          </Auth>
        )}
        actionsWidth={120}
        rowActions={(r) =>
          r.State === 1 &&
          canConfirm && (
            <>
              <Popconfirm
                title="确认该交班？"
                description={`${r.CashierName} 合计 ¥${r.TotalMoney}，实点现金 ¥${r.CountedCashMoney}`}
                okText="确认"
                cancelText="取消"
                onConfirm={() =>
                  request('/FeeHandover/Confirm', { Id: r.Id }).then(() => {
                    ui.toast('success', '已确认');
                    refresh();
                  })
                }
              >
                <Button type="link" size="small">
                  确认
                </Button>
              </Popconfirm>
              <Button type="link" size="small" danger onClick={() => setReturning(r)}>
                退回
              </Button>
            </>
          )
        }
      />
      <Modal
        title="交班"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        okText="提交交班"
        destroyOnHidden
      >
        {p && (
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'f', label: '开始', children: p.FromTime, span: 2 },
              { key: 't', label: '截止', children: p.ToTime, span: 2 },
              { key: 'n', label: '笔数', children: p.Count },
              { key: 'c', label: '现金', children: p.CashMoney },
              { key: 'w', label: '微信', children: p.WechatMoney },
              { key: 'a', label: '支付宝', children: p.AlipayMoney },
              { key: 'p', label: 'POS', children: p.PosMoney },
              { key: 'b', label: '转账', children: p.BankMoney },
              { key: 'pp', label: '预存抵扣', children: p.PrepaidUsedMoney },
              { key: 'r', label: '退款', children: p.RefundMoney },
              { key: 'tt', label: '合计', children: p.TotalMoney, span: 2 },
            ]}
          />
        )}
        <div style={{ marginTop: 12 }}>
          实点现金：
          <Input
            aria-label="实点现金"
            prefix="¥"
            style={{ width: 160 }}
            value={counted}
            onChange={(e) => setCounted(e.target.value.replace(/[^\d.]/g, ''))}
          />
          {p && <span style={{ marginLeft: 12 }}>长短款：¥{yuan(fenOr0(counted) - fenOr0(p.CashMoney))}</span>}
        </div>
      </Modal>
      <ReasonDialog
        open={!!returning}
        title="退回交班"
        label="退回原因"
        minLength={4}
        onClose={() => setReturning(null)}
        onSubmit={async (Reason) => {
          await request('/FeeHandover/Return', { Id: returning!.Id, Reason });
          ui.toast('success', '已退回');
          refresh();
        }}
      />
    </>
  );
}
