import { ReportPage, type ReportDefinition } from '../kit';
import { groupOptions, periodEndAsOf, reportPath, type Row, rowFilters } from '../labels';

const GROUPS = groupOptions([1, 2, 3, 4, 5]);

/** 应缴汇总表: the 应缴 figures grouped at two levels (小区/楼栋/项目/账期/房屋); the second level expands. */
export const yjhz: ReportDefinition<Row> = {
  name: 'Yjhz',
  title: '应缴汇总表',
  filters: ['communities', 'building', 'items', 'category', 'period'],
  extra: [
    { name: 'GroupBy', label: '分组', type: 'select', options: GROUPS, initial: 1, width: 100 },
    { name: 'SubGroupBy', label: '再按', type: 'select', options: GROUPS, width: 100 },
  ],
  columns: [
    { title: '分组', dataIndex: 'GroupName' },
    { title: '账单数', dataIndex: 'BillCount' },
    { title: '户数', dataIndex: 'Rooms' },
    { title: '计费', dataIndex: 'AmountMoney' },
    { title: '优惠', dataIndex: 'DiscountMoney' },
    {
      title: '应收',
      dataIndex: 'DueMoney',
      link: (r) => ({ path: reportPath('yjmx'), params: rowFilters(r) }),
    },
    { title: '实收', dataIndex: 'PaidMoney' },
    { title: '未收', dataIndex: 'UnpaidMoney' },
    {
      title: '欠缴',
      dataIndex: 'ArrearsMoney',
      link: (r, f) => ({
        path: reportPath('qjmx'),
        params: { ...rowFilters(r), AsOfDate: periodEndAsOf(f.PeriodTo) },
      }),
    },
    { title: '收费率', dataIndex: 'CollectRate' },
  ],
};

export default function YjhzPage() {
  return <ReportPage def={yjhz} />;
}
