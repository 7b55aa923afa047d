import { ReportPage, type ReportDefinition } from '../../fee-reports/kit';

type Row = Record<string, unknown>;

/** 收费项目汇总表: accrual basis over an 账期 window, a row per 类别 (its subtotal) that expands into its items. */
const def: ReportDefinition<Row> = {
  name: 'ItemCollect',
  title: '收费项目汇总表',
  filters: ['communities', 'building', 'items', 'category', 'period'],
  columns: [
    {
      title: '类别 / 项目',
      dataIndex: 'CategoryName',
      render: (v: unknown, r: Row) => String(r.ItemName ?? v ?? ''),
      fixed: 'left',
    },
    { title: '计费', dataIndex: 'AmountMoney' },
    { title: '优惠', dataIndex: 'DiscountMoney' },
    { title: '应收', dataIndex: 'DueMoney' },
    { title: '实收', dataIndex: 'PaidMoney' },
    { title: '未收', dataIndex: 'UnpaidMoney' },
    { title: '欠缴', dataIndex: 'ArrearsMoney' },
    { title: '滞纳金', dataIndex: 'LateFeeMoney' },
    { title: '收费率', dataIndex: 'CollectRate' },
  ],
};

export default function ItemCollect() {
  return <ReportPage def={def} />;
}
