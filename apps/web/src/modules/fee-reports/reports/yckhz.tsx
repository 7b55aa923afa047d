import { fenOf } from '../../../components/crud';
import { ReportPage, type ReportColumn, type ReportDefinition } from '../kit';
import { groupOptions, reportPath, type Row, rowFilters } from '../labels';

/**
 * 期末 = 期初 + 充值 − 抵扣 − 退款 + 冲正 (domain "Prepaid"), checked exactly in fen on every row; a row that
 * breaks it shows its 期末 in red.
 */
export function prepaidMismatch(r: Row): boolean {
  const f = (k: string) => fenOf(r[k]) ?? 0n;
  const expected = f('OpeningMoney') + f('TopUpMoney') - f('DeductMoney') - f('RefundMoney') + f('ReverseMoney');
  return expected !== f('ClosingMoney');
}

/**
 * The account or room a row stands for, as the detail reports filter it: an account row (汇总 by 账户) its AccountId,
 * a room row its RoomId (all its accounts), a 楼栋 or 小区 row its place.
 */
export function accountFilters(r: Row): Record<string, unknown> {
  if (r.AccountId) return { ...rowFilters(r), Keyword: undefined, AccountId: r.AccountId, AccountIdText: r.GroupName };
  if (r.RoomId) return { ...rowFilters(r), Keyword: undefined, RoomId: r.RoomId, RoomIdText: r.GroupName };
  return rowFilters(r);
}
/** 充值/退款 open 预存明细表, 抵扣 opens 预存抵扣明细表, each on the row's own account, room or place. */
const toTxns = (r: Row) => ({ path: reportPath('yckycmx'), params: accountFilters(r) });
const toDeducts = (r: Row) => ({ path: reportPath('yckdkmx'), params: accountFilters(r) });

const columns: ReportColumn<Row>[] = [
  { title: '账户/分组', dataIndex: 'GroupName', sorter: true },
  { title: '期初余额', dataIndex: 'OpeningMoney', sorter: true },
  { title: '充值', dataIndex: 'TopUpMoney', sorter: true, link: toTxns },
  { title: '抵扣', dataIndex: 'DeductMoney', sorter: true, link: toDeducts },
  { title: '退款', dataIndex: 'RefundMoney', sorter: true, link: toTxns },
  { title: '冲正', dataIndex: 'ReverseMoney', sorter: true },
  { title: '期末余额', dataIndex: 'ClosingMoney', sorter: true, danger: prepaidMismatch },
];

/** 预存款汇总表: each account's (or room's, 楼栋's, 小区's) prepaid balance moving through the window. */
export const yckhz: ReportDefinition<Row> = {
  name: 'YckHz',
  title: '预存款汇总表',
  paged: true,
  filters: ['communities', 'building', 'items', 'dates'],
  labels: { items: '账户项目' },
  extra: [
    { name: 'GroupBy', label: '汇总', type: 'select', options: groupOptions([6, 5, 2, 1]), initial: 6, width: 100 },
  ],
  columns,
};

export default function YckHzPage() {
  return <ReportPage def={yckhz} />;
}
