import {
  FEE_AGE_BAND,
  FEE_BILL_STATE,
  FEE_PAYER_TYPE,
  FEE_PREPAID_TXN_TYPE,
  FEE_PAYMENT_SOURCE,
  feeCodes,
} from '@linli/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { Option } from '../../components/crud';

/** A report row: the server's fields as domain/fee-reports.md "API shapes" names them. */
export type Row = Record<string, unknown>;

const options = (names: readonly string[], codes = feeCodes(names)): Option[] =>
  codes.map((value) => ({ value, label: names[value] }));

/** GroupBy codes (API shapes: 1 小区 2 楼栋 3 项目 4 账期 5 房屋 6 账户). */
const GROUP_NAMES = ['', '小区', '楼栋', '项目', '账期', '房屋', '账户'];
export const groupOptions = (codes: number[]): Option[] => options(GROUP_NAMES, codes);

export const billStateOptions = options(FEE_BILL_STATE);
/** 对象类型: rooms, spaces, vehicles, ad rentals (contracts keep their own payments). */
export const payerTypeOptions = options(FEE_PAYER_TYPE, [1, 2, 3, 4]);
export const ageBandOptions: Option[] = feeCodes(FEE_AGE_BAND).map((value) => ({
  value,
  label: value === 5 ? FEE_AGE_BAND[value] : `${FEE_AGE_BAND[value]}天`,
}));
/** 预存明细表 lists money in and out; deductions have their own report. */
export const topUpTxnOptions = options(FEE_PREPAID_TXN_TYPE, [1, 2, 4, 5]);
/** 预存抵扣明细表's 来源: at the desk, the automatic deduction, or a 补录. */
export const deductSourceOptions = options(FEE_PAYMENT_SOURCE);

/** The row's own place and item as filters of a detail report (a grouped row's level, a room's name). */
export function rowFilters(row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (row.CommunityId) out.CommunityIds = [row.CommunityId];
  if (row.BuildingId) out.BuildingId = row.BuildingId;
  if (row.ItemId) out.ItemIds = [row.ItemId];
  if (typeof row.BillMonth === 'string' && row.BillMonth) {
    out.PeriodFrom = row.BillMonth;
    out.PeriodTo = row.BillMonth;
  }
  // 房号 is what the detail reports search by (Keyword: 房号/业主/电话).
  if (row.RoomId && typeof row.RoomName === 'string') out.Keyword = row.RoomName;
  return out;
}

export const REPORT_BASE = '/chargemanage/chargerec';
export const reportPath = (name: string) => `${REPORT_BASE}/${name}`;

/** An accrual window's arrears are as of its last day, or today while it runs (as the server computes them). */
export function periodEndAsOf(periodTo: unknown, today: Dayjs = dayjs()): string | undefined {
  if (typeof periodTo !== 'string' || !/^\d{4}-\d{2}$/.test(periodTo)) return undefined;
  const end = dayjs(`${periodTo}-01`).endOf('month');
  return (end.isBefore(today, 'day') ? end : today).format('YYYY-MM-DD');
}
