import { useMemo } from 'react';
import { useAuth } from '../../../components/auth';
import { useCashierFilter } from '../cashier-filter';
import { type ReportColumn, type ReportDefinition, ReportPage } from '../kit';
import type { Row } from '../labels';
import { HandoverActions } from './daily-actions';
import { DailyPrint } from './daily-print';

/** A cashier's day, or one of its payments and reversals when the row is expanded (those carry EntryType). */
const isPayment = (r: Row) => r.EntryType !== undefined;

const HANDOVER_COLOURS: Record<number, string> = { 1: '#fa8c16', 2: '#52c41a', 3: '#ff4d4f' };

const columns: ReportColumn<Row>[] = [
  {
    title: '日期/收据号',
    key: 'DateOrReceipt',
    fixed: 'left',
    render: (_: unknown, r: Row) => String(isPayment(r) ? r.ReceiptNo : (r.Date ?? '')),
  },
  {
    title: '收款人/房号',
    key: 'CashierOrRoom',
    render: (_: unknown, r: Row) =>
      isPayment(r)
        ? `${String(r.RoomName ?? '')}${Number(r.EntryType) === 1 ? '' : `（${String(r.EntryTypeName ?? '')}）`}`
        : String(r.CashierName ?? ''),
  },
  { title: '笔数', dataIndex: 'PayCount' },
  { title: '现金', dataIndex: 'CashMoney' },
  { title: '微信', dataIndex: 'WechatMoney' },
  { title: '支付宝', dataIndex: 'AlipayMoney' },
  { title: 'POS刷卡', dataIndex: 'PosMoney' },
  { title: '银行转账', dataIndex: 'BankMoney' },
  { title: '预存款抵扣', dataIndex: 'PrepaidUsedMoney' },
  { title: '合计', dataIndex: 'TotalMoney' },
  { title: '其中预存充值', dataIndex: 'PrepaidTopUpMoney' },
  { title: '退款', dataIndex: 'RefundMoney' },
  { title: '作废笔数', dataIndex: 'VoidCount' },
  { title: '资金净收', dataIndex: 'FundMoney' },
  {
    title: '交班状态',
    dataIndex: 'HandoverStateName',
    render: (v: unknown, r: Row) =>
      isPayment(r) ? (
        ''
      ) : (
        <span style={{ color: HANDOVER_COLOURS[Number(r.HandoverState)] }}>{String(v || '未交班')}</span>
      ),
  },
  { title: '实点现金', dataIndex: 'CountedCashMoney' },
  { title: '长短款', dataIndex: 'DiffMoney', danger: (r) => !!r.DiffMoney && Number(r.DiffMoney) !== 0 },
];

/**
 * 收费日报: a row per cashier per day with the day's net tenders by method (refunds and voids posted that day
 * taken off, under the cashier who applied for them; 自动抵扣 under 系统), the hand-over and its cash count.
 */
export function DailyTab() {
  const cashier = useCashierFilter();
  // The 操作 column only for reviewers (`confirm`): the others would see an empty column.
  const canConfirm = useAuth()('confirm');
  const def = useMemo<ReportDefinition<Row>>(
    () => ({
      name: 'Daily',
      title: '收费日报',
      filters: ['dates', 'communities'],
      labels: { dates: '日期' },
      extra: [cashier],
      columns,
      actions: canConfirm ? (row) => <HandoverActions row={row} /> : undefined,
      actionsWidth: 140,
      toolbar: (ctx) => <DailyPrint ctx={ctx} columns={columns} />,
    }),
    [cashier, canConfirm],
  );
  return <ReportPage def={def} embedded />;
}
