import { useMemo } from 'react';
import { useCashierFilter } from '../cashier-filter';
import { ReportPage, type ReportColumn, type ReportDefinition } from '../kit';
import type { Row } from '../labels';

const columns: ReportColumn<Row>[] = [
  { title: '类别/项目', dataIndex: 'Name' },
  { title: '笔数', dataIndex: 'PayCount' },
  { title: '户数', dataIndex: 'Rooms' },
  { title: '当期', dataIndex: 'CurrentMoney' },
  { title: '追欠', dataIndex: 'RecoveredMoney' },
  { title: '预收', dataIndex: 'AdvanceMoney' },
  { title: '滞纳金', dataIndex: 'LateFeeMoney' },
  { title: '优惠', dataIndex: 'DiscountMoney' },
  { title: '退款', dataIndex: 'RefundMoney' },
  { title: '费用实收', dataIndex: 'FeePaidMoney' },
];

/** 缴费项目统计表: money taken in the 收款日期 window, a 类别 row holding its items. */
export default function JfxmPage() {
  const cashier = useCashierFilter();
  const def = useMemo<ReportDefinition<Row>>(
    () => ({
      name: 'Jfxm',
      title: '缴费项目统计表',
      filters: ['communities', 'building', 'items', 'category', 'dates'],
      extra: [cashier],
      columns,
    }),
    [cashier],
  );
  return <ReportPage def={def} />;
}
