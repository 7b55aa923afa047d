import { Tag } from 'antd';
import { useMemo } from 'react';
import { useStaffOptions } from '../../../components/pickers';
import { ReportPage, type ReportDefinition } from '../../fee-reports/kit';
import { METHOD_OPTIONS, negative, PAYMENT_STATE_OPTIONS, SOURCE_OPTIONS } from './options';

type Row = Record<string, unknown>;

const ENTRY_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red' };

/**
 * 收费明细表: a row per payment line, plus the negative 冲回 (void) and 退款 (TK) rows on the day they posted, so Σ 实收
 * = Σ tenders of the window. A back-dated 补录 PayTime is only a column.
 */
function definition(cashiers: { value: number; label: string }[]): ReportDefinition<Row> {
  return {
    name: 'CostDetails',
    title: '收费明细表',
    paged: true,
    filters: ['communities', 'items', 'category', 'dates'],
    extra: [
      { name: 'Methods', label: '方式', type: 'multiSelect', options: METHOD_OPTIONS },
      { name: 'CashierId', label: '收款人', type: 'select', options: [{ value: 0, label: '系统' }, ...cashiers] },
      { name: 'Source', label: '来源', type: 'select', options: SOURCE_OPTIONS, width: 120 },
      { name: 'State', label: '状态', type: 'select', options: PAYMENT_STATE_OPTIONS, width: 120 },
      { name: 'ReceiptNo', label: '收据号', width: 150 },
    ],
    columns: [
      { title: '收款时间', dataIndex: 'EventTime', sorter: true, width: 160 },
      { title: '收据号', dataIndex: 'ReceiptNo', sorter: true },
      {
        title: '类型',
        dataIndex: 'EntryTypeName',
        render: (v: unknown, r: Row) => <Tag color={ENTRY_COLORS[Number(r.EntryType)]}>{String(v ?? '')}</Tag>,
      },
      { title: '原收据号', dataIndex: 'OrigReceiptNo' },
      { title: '小区', dataIndex: 'CommunityName' },
      { title: '房号', dataIndex: 'RoomName', sorter: true },
      { title: '交款人', dataIndex: 'PayerName', render: (v: unknown, r: Row) => String(v ?? r.OwnerName ?? '') },
      { title: '项目', dataIndex: 'ItemName' },
      { title: '账期', dataIndex: 'Period' },
      { title: '性质', dataIndex: 'NatureName' },
      { title: '本金', dataIndex: 'PrincipalMoney', sorter: true, danger: (r) => negative(r.PrincipalMoney) },
      { title: '滞纳金', dataIndex: 'LateFeeMoney', danger: (r) => negative(r.LateFeeMoney) },
      { title: '优惠', dataIndex: 'DiscountMoney' },
      { title: '实收', dataIndex: 'PaidMoney', sorter: true, danger: (r) => negative(r.PaidMoney) },
      { title: '方式', dataIndex: 'MethodText' },
      { title: '收款人', dataIndex: 'CashierName' },
      { title: '来源', dataIndex: 'SourceName' },
      { title: '状态', dataIndex: 'StateName' },
      { title: '补录收款时间', dataIndex: 'PayTime', width: 160 },
    ],
  };
}

export default function CostDetails() {
  const staff = useStaffOptions();
  const def = useMemo(() => definition((staff.data ?? []) as { value: number; label: string }[]), [staff.data]);
  return <ReportPage def={def} />;
}
