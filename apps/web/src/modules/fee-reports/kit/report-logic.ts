import { formatMoney } from '@linli/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { searchParams } from '../../../components/crud/list-logic';
import type { CellKind, CommonFilter, ExtraFilter, ReportColumn, ReportLink } from './types';

/** Report page sizes (domain/fee-reports.md "Lists and totals"). */
export const REPORT_PAGE_SIZES = [20, 50, 100, 200];

/**
 * A rate is a number 0–1 with 4 decimals (0.9325) shown as 93.25%, or '-' when its denominator was 0 (null). The
 * 4-decimal value times 100 has at most 2 decimals, so rounding to 2 places only removes float noise.
 */
export function formatRate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = Number(value);
  if (!Number.isFinite(n)) return '-';
  return `${(Math.round(n * 10000) / 100).toFixed(2)}%`;
}

/** A column's kind: declared, else from the API's field names (…Money, …Rate/Share, …Rooms/Count/Months/Days). */
export function kindOf(column: { kind?: CellKind; dataIndex?: string }): CellKind {
  if (column.kind) return column.kind;
  const f = column.dataIndex ?? '';
  if (f.includes('Money')) return 'money';
  if (/(Rate|Share)$/.test(f)) return 'rate';
  if (/(Rooms|Count|Months|Days)$/.test(f)) return 'count';
  return 'text';
}

/** A cell's text by kind. */
export function cellText(kind: CellKind, value: unknown): string {
  if (kind === 'money') return formatMoney(value as string | number | null);
  if (kind === 'rate') return formatRate(value);
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The leaf columns of a (possibly grouped) header, in order: the 合计 row has one cell per leaf. */
export function leafColumns<T>(columns: readonly ReportColumn<T>[]): ReportColumn<T>[] {
  return columns.flatMap((c) => (c.children?.length ? leafColumns(c.children) : [c]));
}

const MONTH = 'YYYY-MM';
const hasPeriod = (filters: readonly CommonFilter[]) => filters.includes('period') || filters.includes('anyPeriod');
const DAY = 'YYYY-MM-DD';

type Range = [Dayjs | null, Dayjs | null] | null | undefined;
const isDay = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** The filters' values when a report opens: 账期 this month, 收款日期 today, 截止日期 today, 月份 this month. */
export function initialValues(
  filters: readonly CommonFilter[],
  extra: readonly ExtraFilter[] = [],
  today: Dayjs = dayjs(),
): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (filters.includes('communities')) v.CommunityIds = [];
  if (filters.includes('period')) v.Period = [today.startOf('month'), today.startOf('month')];
  if (filters.includes('month')) v.Month = today.startOf('month');
  if (filters.includes('dates')) v.Dates = [today.startOf('day'), today.startOf('day')];
  if (filters.includes('asOf')) v.AsOfDate = today.startOf('day');
  for (const f of extra) if (f.initial !== undefined) v[f.name] = f.initial;
  return v;
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * Form values → the call's body (domain "API shapes" Filters): 小区 [] is left out (= all the user serves), the
 * ranges become their two named ends, dates 'YYYY-MM-DD', months 'YYYY-MM'; extra fields as the CRUD kit sends them.
 */
export function toParams(
  filters: readonly CommonFilter[],
  extra: readonly ExtraFilter[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (hasValue(v)) out[k] = v;
  };
  if (filters.includes('communities')) put('CommunityIds', values.CommunityIds);
  if (filters.includes('community')) put('CommunityId', values.CommunityId);
  if (filters.includes('building')) put('BuildingId', values.BuildingId);
  if (filters.includes('items')) put('ItemIds', values.ItemIds);
  if (filters.includes('category')) put('Category', values.Category);
  if (hasPeriod(filters)) {
    const [from, to] = (values.Period as Range) ?? [null, null];
    if (from) out.PeriodFrom = from.format(MONTH);
    if (to) out.PeriodTo = to.format(MONTH);
  }
  if (filters.includes('month') && isDay(values.Month)) out.Month = values.Month.format(MONTH);
  if (filters.includes('dates')) {
    const [from, to] = (values.Dates as Range) ?? [null, null];
    if (from) out.DateFrom = from.format(DAY);
    if (to) out.DateTo = to.format(DAY);
  }
  if (filters.includes('asOf') && isDay(values.AsOfDate)) out.AsOfDate = values.AsOfDate.format(DAY);
  const shown = extra.filter((f) => !f.hidden);
  const extraValues = Object.fromEntries(shown.map((f) => [f.name, values[f.name]]));
  for (const f of extra) if (f.hidden) put(f.name, values[f.name]);
  return { ...out, ...searchParams(shown, extraValues) };
}

const month = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}$/.test(v) ? dayjs(`${v}-01`) : null);
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? dayjs(v) : null);

/**
 * A call body → form values: how a report opened from a link (`?f=`) shows the filters it was given. Fields the
 * report does not have are dropped; what the link leaves out keeps its default.
 */
export function fromParams(
  filters: readonly CommonFilter[],
  extra: readonly ExtraFilter[],
  params: Record<string, unknown>,
  today: Dayjs = dayjs(),
): Record<string, unknown> {
  const v = initialValues(filters, extra, today);
  const p = params;
  if (filters.includes('communities')) {
    if (Array.isArray(p.CommunityIds)) v.CommunityIds = p.CommunityIds.map(Number);
    else if (p.CommunityId) v.CommunityIds = [Number(p.CommunityId)];
  }
  if (filters.includes('community')) {
    const ids = p.CommunityIds;
    if (p.CommunityId) v.CommunityId = Number(p.CommunityId);
    else if (Array.isArray(ids) && ids.length === 1) v.CommunityId = Number(ids[0]);
  }
  if (filters.includes('building') && p.BuildingId) v.BuildingId = Number(p.BuildingId);
  if (filters.includes('items') && Array.isArray(p.ItemIds)) v.ItemIds = p.ItemIds.map(Number);
  if (filters.includes('category') && p.Category) v.Category = Number(p.Category);
  const from = month(p.PeriodFrom) ?? month(p.Month);
  const to = month(p.PeriodTo) ?? month(p.Month);
  if (hasPeriod(filters) && (from || to)) v.Period = [from ?? to, to ?? from];
  if (filters.includes('month') && (from || to)) v.Month = to ?? from;
  const d1 = day(p.DateFrom);
  const d2 = day(p.DateTo);
  if (filters.includes('dates') && (d1 || d2)) v.Dates = [d1 ?? d2, d2 ?? d1];
  if (filters.includes('asOf') && day(p.AsOfDate)) v.AsOfDate = day(p.AsOfDate);
  for (const f of extra) {
    if (f.hidden) {
      if (hasValue(p[f.name])) {
        v[f.name] = p[f.name];
        v[`${f.name}Text`] = p[`${f.name}Text`];
      }
    } else if (f.type === 'dateRange') {
      const [a, b] = f.rangeNames ?? [`${f.name}From`, `${f.name}To`];
      if (day(p[a]) || day(p[b])) v[f.name] = [day(p[a]), day(p[b])];
    } else if (p[f.name] !== undefined) v[f.name] = p[f.name];
  }
  return v;
}

/** The filters a link carries to another report: the common ones only (a detail report has its own extras). */
const CARRIED = [
  'CommunityIds',
  'CommunityId',
  'BuildingId',
  'ItemIds',
  'Category',
  'PeriodFrom',
  'PeriodTo',
  'Month',
  'DateFrom',
  'DateTo',
  'AsOfDate',
];

/** The URL of a linked report: its path and `?f=` with the page's common filters under the link's own. */
export function linkUrl(link: ReportLink, filters: Record<string, unknown>): string {
  const carried = Object.fromEntries(CARRIED.filter((k) => hasValue(filters[k])).map((k) => [k, filters[k]]));
  const body = { ...carried, ...(link.params ?? {}) };
  return `${link.path}?f=${encodeURIComponent(JSON.stringify(body))}`;
}

/** The `?f=` of a report URL as a call body; {} when absent or unreadable. */
export function linkParams(search: string): Record<string, unknown> {
  const raw = new URLSearchParams(search).get('f');
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** 报表中心 pins the last 4 reports opened, newest first. */
export const RECENT_LIMIT = 4;

export function pushRecent(recent: readonly string[], path: string): string[] {
  return [path, ...recent.filter((p) => p !== path)].slice(0, RECENT_LIMIT);
}
