import { ReportPage, type ReportColumn, type ReportDefinition } from '../kit';
import { groupOptions, reportPath, type Row, rowFilters } from '../labels';

const toQjmx = (r: Row) => ({ path: reportPath('qjmx'), params: rowFilters(r) });

/** By 房屋 (the default): who owes, for how long, and when he was last reminded. */
const byRoom: ReportColumn<Row>[] = [
  { title: '房号', dataIndex: 'RoomName', sorter: true },
  { title: '业主', dataIndex: 'OwnerName' },
  { title: '电话', dataIndex: 'Phone' },
  { title: '欠缴项目', dataIndex: 'ItemNames' },
  { title: '欠缴月数', dataIndex: 'ArrearsMonths', sorter: true },
  { title: '最早应缴日', dataIndex: 'EarliestDueDate', sorter: true },
  { title: '最长逾期天数', dataIndex: 'OverdueDays', sorter: true },
  { title: '欠缴金额', dataIndex: 'ArrearsMoney', sorter: true, link: toQjmx },
  { title: '应计滞纳金', dataIndex: 'AccruedLateFeeMoney', sorter: true },
  { title: '最近催缴', dataIndex: 'LastDunningTime' },
];

/** By 楼栋 or 项目: how many rooms owe and what share of the billed money is overdue. */
const byGroup: ReportColumn<Row>[] = [
  { title: '分组', dataIndex: 'GroupName', sorter: true },
  { title: '欠缴户数', dataIndex: 'ArrearsRooms', sorter: true },
  { title: '笔数', dataIndex: 'BillCount', sorter: true },
  { title: '金额', dataIndex: 'ArrearsMoney', sorter: true, link: toQjmx },
  { title: '应收', dataIndex: 'DueMoney', sorter: true },
  { title: '欠缴占应收', dataIndex: 'ArrearsShare', sorter: true },
];

/** 欠缴汇总表: arrears on 截止日期 per room (or 楼栋/项目); an amount opens the bills in 欠缴明细表. */
export const qjhz: ReportDefinition<Row> = {
  name: 'Qjhz',
  title: '欠缴汇总表',
  paged: true,
  filters: ['communities', 'building', 'items', 'category', 'asOf'],
  extra: [
    { name: 'Keyword', label: '房号/业主/电话', width: 150 },
    { name: 'GroupBy', label: '汇总', type: 'select', options: groupOptions([5, 2, 3]), initial: 5, width: 100 },
    { name: 'MinMonths', label: '最少月数', type: 'number', width: 90, props: { precision: 0 } },
    { name: 'MinMoney', label: '最低金额', type: 'number', width: 110, props: { precision: 2 } },
  ],
  columns: (f) => (Number(f.GroupBy ?? 5) === 5 ? byRoom : byGroup),
};

export default function QjhzPage() {
  return <ReportPage def={qjhz} />;
}
