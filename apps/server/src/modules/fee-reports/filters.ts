import { isCalendarDate, jsonArray, zId } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { addDays, daysBetween, todayIn } from '../../core/dates';
import { fail, notFound } from '../../core/errors';
import { communityIdsOf } from '../../core/scope';
import type { Tx } from '../../db/client';

/**
 * The filters every fee report shares (domain/fee-reports.md "Filters and their limits", "API shapes · Filters"):
 * zod shapes for the body, then `resolve*` which fills the defaults (today, this month), checks the limits with the
 * domain file's messages and pins the scope (company + the caller's communities). List, Sum, Export, charts and the
 * reconciliation all resolve through here, so one body answers the same set everywhere.
 */

export const REPORT_LIMITS = { months: 24, days: 366, exportRows: 200_000, dailyDays: 92 } as const;

export const REPORT_MSG = {
  months: '账期跨度不能超过24个月',
  days: '查询时间跨度不能超过一年',
  dateOrder: '结束日期不能早于开始日期',
  periodOrder: '结束账期不能早于开始账期',
  asOfFuture: '截止日期不能晚于今天',
  community: '请选择小区',
  month: '请选择月份',
  year: '请选择年度',
  bands: '分级金额须递增',
  exportRows: '导出数据超过20万行，请缩小查询范围',
  dailyDays: '按日统计不能超过92天',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const toNum = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v);

/** An optional id: blank or 0 filters nothing. */
export const zOptId = () =>
  z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : toNum(v)), zId('筛选条件不正确').optional());
/** An optional small code (Category, State …) in [min, max]. */
export const zOptCode = (min: number, max: number, msg = '筛选条件不正确') =>
  z.preprocess(
    (v) => (blank(v) || v === 0 || v === '0' ? undefined : toNum(v)),
    z.number({ error: msg }).int(msg).min(min, msg).max(max, msg).optional(),
  );
/** An optional whole number ≥ 0 (最少月数, 最少逾期天数). */
export const zOptCount = (msg = '筛选条件不正确') =>
  z.preprocess((v) => (blank(v) ? undefined : toNum(v)), z.number({ error: msg }).int(msg).min(0, msg).optional());
export const zIdList = () => jsonArray(zId('筛选条件不正确'), { max: 1000, maxMessage: '选择的项目过多' }).optional();

const zMonthText = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().slice(0, 7)),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}格式不正确`)
      .optional(),
  );
const zDayText = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().slice(0, 10)),
    z.string().refine(isCalendarDate, `${label}格式不正确`).optional(),
  );

/** All reports: 小区 (multi), 楼栋, 收费项目 (multi), 类别, sorting. */
export const scopeFields = {
  CommunityIds: zIdList(),
  BuildingId: zOptId(),
  ItemIds: zIdList(),
  Category: zOptCode(1, 11),
  SortField: z.unknown().optional(),
  SortOrder: z.unknown().optional(),
};
/** 账期 window 'YYYY-MM' on FeeJournal.BillMonth. */
export const periodFields = { PeriodFrom: zMonthText('开始账期'), PeriodTo: zMonthText('结束账期') };
/** 收款日期 window 'YYYY-MM-DD' on EventTime. */
export const dateFields = { DateFrom: zDayText('开始日期'), DateTo: zDayText('结束日期') };
/** 截止日期 (arrears reports). */
export const asOfFields = { AsOfDate: zDayText('截止日期') };
/** Paged reports: PgIndex from 1, PgSize 20/50/100/200; ExactCount=1 counts past the cap (report-kit `page`). */
export const pageFields = {
  PgIndex: z.unknown().optional(),
  PgSize: z.unknown().optional(),
  ExactCount: z.unknown().optional(),
};
/** One required community (Yjzl, AnnulHouse) in place of CommunityIds. */
export const oneCommunityField = {
  CommunityId: z.preprocess(
    (v) => (blank(v) || v === 0 || v === '0' ? undefined : toNum(v)),
    z.number({ error: REPORT_MSG.community }).int(REPORT_MSG.community).min(1, REPORT_MSG.community),
  ),
};
export const monthField = (msg: string = REPORT_MSG.month) => ({
  Month: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().slice(0, 7)),
    z.string({ error: msg }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式不正确'),
  ),
});

export type ScopeInput = { CommunityIds?: number[] | undefined; CommunityId?: number | undefined } & {
  BuildingId?: number | undefined;
  ItemIds?: number[] | undefined;
  Category?: number | undefined;
};

/** Who asks and over what: the company, the resolved communities and the common narrowing filters. */
export interface ReportScope {
  cmpId: number;
  /** Never empty unless the caller serves no community (then every report answers nothing). */
  communityIds: number[];
  buildingId?: number | undefined;
  itemIds?: number[] | undefined;
  category?: number | undefined;
  tz: string;
  now: Date;
  /** 'YYYY-MM-DD' of `now` in the company's zone. */
  today: string;
}

/**
 * CommunityIds absent or [] = every community the caller serves; an id outside them (another company's included)
 * answers '数据不存在'. A single CommunityId (Yjzl, AnnulHouse) is checked the same way.
 */
export async function resolveScope(db: Tx, auth: Auth, b: ScopeInput, now: Date): Promise<ReportScope> {
  const served = await communityIdsOf(db, auth);
  const asked = b.CommunityId ? [b.CommunityId] : (b.CommunityIds ?? []);
  for (const id of asked) if (!served.includes(id)) throw notFound();
  return {
    cmpId: auth.cmpId,
    communityIds: asked.length ? [...new Set(asked)] : served,
    buildingId: b.BuildingId,
    itemIds: b.ItemIds?.length ? [...new Set(b.ItemIds)] : undefined,
    category: b.Category,
    tz: auth.timeZone,
    now,
    today: todayIn(now, auth.timeZone),
  };
}

const monthIndex = (p: string) => Number(p.slice(0, 4)) * 12 + Number(p.slice(5, 7)) - 1;
export const monthOf = (day: string) => day.slice(0, 7);
export function addMonths(p: string, n: number): string {
  const i = monthIndex(p) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}
/** Months from `from` to `to`, both ends counted. */
export const monthSpan = (from: string, to: string) => monthIndex(to) - monthIndex(from) + 1;
export const lastDayOf = (p: string) => addDays(`${addMonths(p, 1)}-01`, -1);

/** The instants a window stands for, as SQL timestamptz values (company zone) plus the caller's now. */
export interface TimeBounds {
  tz: string;
  now: Date;
  /** First instant of the window's first day. */
  start: SQL;
  /** First instant after the window's last day (exclusive). */
  end: SQL;
  /** The ISO text of now, compared as timestamptz: nothing after it counts ("figures are as of now"). */
  nowSql: SQL;
  /** The window's first day and the day after its last (YYYY-MM-DD), for the month rollup's choice of months. */
  startDay: string;
  endDay: string;
}

export const dayStart = (day: string, tz: string): SQL => sql`(${day}::date::timestamp at time zone ${tz})`;

export function boundsOf(fromDay: string, toDay: string, scope: Pick<ReportScope, 'tz' | 'now'>): TimeBounds {
  return {
    tz: scope.tz,
    now: scope.now,
    start: dayStart(fromDay, scope.tz),
    end: dayStart(addDays(toDay, 1), scope.tz),
    nowSql: sql`${scope.now.toISOString()}::timestamptz`,
    startDay: fromDay,
    endDay: addDays(toDay, 1),
  };
}

/** 账期 window [P1, P2] (accrual basis), as of T = the end of P2 or now. */
export interface PeriodWindow extends TimeBounds {
  from: string;
  to: string;
}

/** 收款日期 window [D1, D2] (cash basis) by posting time; its months split 当期/追欠/预收. */
export interface DateWindow extends TimeBounds {
  from: string;
  to: string;
  monthFrom: string;
  monthTo: string;
}

/** 截止日期: arrears as of the end of that day (or now, today). */
export interface AsOfWindow extends TimeBounds {
  day: string;
}

export function resolvePeriod(
  b: { PeriodFrom?: string | undefined; PeriodTo?: string | undefined },
  scope: ReportScope,
  defaults: { from?: string; to?: string } = {},
): PeriodWindow {
  const thisMonth = monthOf(scope.today);
  const from = b.PeriodFrom ?? defaults.from ?? (b.PeriodTo && b.PeriodTo < thisMonth ? b.PeriodTo : thisMonth);
  const to = b.PeriodTo ?? defaults.to ?? (from > thisMonth ? from : thisMonth);
  if (to < from) throw fail(REPORT_MSG.periodOrder);
  if (monthSpan(from, to) > REPORT_LIMITS.months) throw fail(REPORT_MSG.months);
  return { from, to, ...boundsOf(`${from}-01`, lastDayOf(to), scope) };
}

export function resolveDates(
  b: { DateFrom?: string | undefined; DateTo?: string | undefined },
  scope: ReportScope,
  defaults: { from?: string; to?: string } = {},
): DateWindow {
  const from = b.DateFrom ?? defaults.from ?? (b.DateTo && b.DateTo < scope.today ? b.DateTo : scope.today);
  const to = b.DateTo ?? defaults.to ?? (from > scope.today ? from : scope.today);
  if (to < from) throw fail(REPORT_MSG.dateOrder);
  if (daysBetween(from, to) + 1 > REPORT_LIMITS.days) throw fail(REPORT_MSG.days);
  return { from, to, monthFrom: monthOf(from), monthTo: monthOf(to), ...boundsOf(from, to, scope) };
}

export function resolveAsOf(b: { AsOfDate?: string | undefined }, scope: ReportScope): AsOfWindow {
  const day = b.AsOfDate ?? scope.today;
  if (day > scope.today) throw fail(REPORT_MSG.asOfFuture);
  return { day, ...boundsOf(day, day, scope) };
}

/** An optional 账期 window (Qjmx): absent bounds filter nothing, present ones obey the same limits. */
export function resolveOptionalPeriod(
  b: { PeriodFrom?: string | undefined; PeriodTo?: string | undefined },
  scope: ReportScope,
): PeriodWindow | null {
  if (!b.PeriodFrom && !b.PeriodTo) return null;
  if (b.PeriodFrom && b.PeriodTo) return resolvePeriod(b, scope);
  const one = (b.PeriodFrom ?? b.PeriodTo)!;
  const from = b.PeriodFrom ?? '0001-01';
  const to = b.PeriodTo ?? '9999-12';
  return { from, to, ...boundsOf(`${one}-01`, lastDayOf(one), scope) };
}
