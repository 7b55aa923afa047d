import { fenToMoney, toFen } from '@linli/shared';
import type { ColumnType } from 'antd/es/table';
import { moneyText, rateText } from './chart-format';
import type { TableRow } from './chart-data';

/** Chinese titles of the measure fields (domain/fee-reports.md "Field names in the API"). */
export const MEASURE_TITLES: Record<string, string> = {
  AmountMoney: '计费',
  DiscountMoney: '优惠',
  DueMoney: '应收',
  PaidMoney: '实收',
  LateFeeMoney: '滞纳金',
  UnpaidMoney: '未收',
  ArrearsMoney: '欠缴',
  PeriodDueMoney: '应收',
  PeriodPaidMoney: '实收',
  CollectRate: '收费率',
  ChargeRooms: '收费户数',
  PaidRooms: '已缴户数',
  RoomRate: '户收费率',
  RecoveredMoney: '追欠',
  AdvanceMoney: '预收',
  CurrentMoney: '当期',
  FeePaidMoney: '费用实收',
  RefundMoney: '退款',
  PrepaidTopUpMoney: '预存充值',
  MeterTopUpMoney: '电表充值',
  PrepaidUsedMoney: '预存款抵扣',
  FundMoney: '资金收款',
  NetMoney: '净额',
  TotalMoney: '合计',
  CashMoney: '现金',
  WechatMoney: '微信',
  AlipayMoney: '支付宝',
  PosMoney: 'POS刷卡',
  BankMoney: '银行转账',
  ReceivedMoney: '收款',
  PayCount: '笔数',
  Rooms: '户数',
  Share: '占比',
  CategoryName: '类别',
  MethodName: '收款方式',
  Age0To30Money: '0-30天',
  Age31To90Money: '31-90天',
  Age91To180Money: '91-180天',
  Age181To365Money: '181-365天',
  AgeOver365Money: '365天以上',
};

const isRate = (field: string) => field.endsWith('Rate') || field === 'Share';
/** Ids and codes ride along for links; they are not columns. */
const hidden = (field: string) =>
  field === 'Name' || /Id$|Ids$/.test(field) || field === 'Method' || field === 'Category';

/** A chart's data table: Name first (titled for the chart), then every measure the rows carry, in their order. */
export function tableColumns(rows: TableRow[], nameTitle: string): ColumnType<TableRow>[] {
  // A name field that only repeats Name (MethodName of a method row) would be the same column twice.
  const repeatsName = (f: string) => rows.every((r) => r[f] === r.Name);
  const fields = Object.keys(rows[0] ?? {}).filter((f) => !hidden(f) && !repeatsName(f));
  return [
    { title: nameTitle, dataIndex: 'Name', key: 'Name', fixed: 'left' },
    ...fields.map((field) => ({
      title: MEASURE_TITLES[field] ?? field,
      dataIndex: field,
      key: field,
      align: (field.endsWith('Money') || isRate(field) || typeof rows[0]?.[field] === 'number' ? 'right' : 'left') as
        'right' | 'left',
      render: (v: unknown) =>
        isRate(field) ? rateText(v as number | null) : field.endsWith('Money') ? moneyText(v as string) : (v as string),
    })),
  ];
}

/**
 * Counts a 合计 adds up. 笔数 by method is not one of them: a receipt paid two ways counts under both (收款方式汇总表
 * counts its 合计 on the server).
 */
const COUNTS = new Set(['ChargeRooms', 'PaidRooms', 'BillCount']);

/**
 * The 合计 of a chart's table: money summed in whole fen, counts summed, 收费率 as Σ实收 ÷ Σ应收 and 占比 of the
 * whole (100% when there is any); other rates (户收费率 needs each room) are left blank.
 */
export function tableTotals(rows: TableRow[]): Record<string, string | number | null> {
  const fields = Object.keys(rows[0] ?? {});
  const out: Record<string, string | number | null> = { Name: '合计' };
  for (const f of fields) {
    if (f.endsWith('Money')) out[f] = fenToMoney(rows.reduce((n, r) => n + toFen(String(r[f] ?? '0')), 0));
    else if (COUNTS.has(f)) out[f] = rows.reduce((n, r) => n + Number(r[f] ?? 0), 0);
  }
  const due = toFen(String(out.PeriodDueMoney ?? out.DueMoney ?? '0'));
  const paid = toFen(String(out.PeriodPaidMoney ?? out.PaidMoney ?? '0'));
  if (fields.includes('CollectRate')) out.CollectRate = due ? Math.round((paid / due) * 1e4) / 1e4 : null;
  if (fields.includes('Share')) out.Share = rows.some((r) => Number(r.Share ?? 0) !== 0) ? 1 : null;
  return out;
}
