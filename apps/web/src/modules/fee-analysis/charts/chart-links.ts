import { FEE_TENDER_METHOD } from '@linli/shared';
import dayjs from 'dayjs';
import type { ChartData } from './chart-data';
import type { ChartClick } from './echart';

/**
 * Where a click on a chart element leads: the matching detail report, with the chart's filters narrowed to what
 * was clicked. Filters travel as the report kit's `?f=<JSON body>` (fee-reports/kit `linkParams`), which every
 * report reads as its starting filters. Empty values are left out.
 */
export function reportLink(path: string, params: Record<string, unknown>): string {
  const body = Object.fromEntries(
    Object.entries(params).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
  return Object.keys(body).length ? `${path}?f=${encodeURIComponent(JSON.stringify(body))}` : path;
}

const YJMX = '/chargemanage/chargerec/yjmx';
const QJMX = '/chargemanage/chargerec/qjmx';
const COSTDETAILS = '/chargemanage/synthetical/costdetails';

type Filters = Record<string, unknown>;

/** A category label of a day ('2026-11-03') or month ('2026-11') axis, as a DateFrom–DateTo window. */
export function windowOf(label: string): { DateFrom: string; DateTo: string } | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) return { DateFrom: label, DateTo: label };
  if (/^\d{4}-\d{2}$/.test(label)) {
    const m = dayjs(`${label}-01`);
    return { DateFrom: m.format('YYYY-MM-DD'), DateTo: m.endOf('month').format('YYYY-MM-DD') };
  }
  return null;
}

const methodCode = (name: string) => {
  const i = (FEE_TENDER_METHOD as readonly string[]).indexOf(name);
  return i > 0 ? i : undefined;
};

const rowOf = (data: ChartData | undefined, name: string) => data?.Table.find((r) => r.Name === name);

/** 收费概览: a month's bar → 应缴明细表 for that 账期; a 账龄 slice → 欠缴明细表 in that band. */
export function overviewLink(e: ChartClick, f: Filters): string | null {
  const base = { CommunityIds: f.CommunityIds };
  if (e.seriesType === 'pie') {
    const band = ['0-30', '31-90', '91-180', '181-365', '365'].findIndex((b) => e.name.startsWith(b));
    return reportLink(QJMX, { ...base, AgeBand: band >= 0 ? band + 1 : undefined });
  }
  return /^\d{4}-\d{2}$/.test(e.name) ? reportLink(YJMX, { ...base, PeriodFrom: e.name, PeriodTo: e.name }) : null;
}

/** 收款趋势图: a day or month → 收费明细表 for it. */
export function trendLink(e: ChartClick, f: Filters): string | null {
  const w = windowOf(e.name);
  return w ? reportLink(COSTDETAILS, { CommunityIds: f.CommunityIds, ...w }) : null;
}

/** 小区收费对比图: a 小区's bar → 应缴明细表 of that 小区 over the chart's 账期 window. */
export function communityLink(e: ChartClick, f: Filters, data?: ChartData): string | null {
  const id = rowOf(data, e.name)?.CommunityId;
  return reportLink(YJMX, { CommunityIds: id ? [id] : f.CommunityIds, PeriodFrom: f.PeriodFrom, PeriodTo: f.PeriodTo });
}

/** 收费项目构成图: an item (or 类别) slice → 收费明细表 of that item over the window. */
export function itemLink(e: ChartClick, f: Filters, data?: ChartData): string | null {
  const row = rowOf(data, e.name);
  const window = { CommunityIds: f.CommunityIds, DateFrom: f.DateFrom, DateTo: f.DateTo };
  if (row?.ItemId) return reportLink(COSTDETAILS, { ...window, ItemIds: [row.ItemId] });
  if (row?.Category) return reportLink(COSTDETAILS, { ...window, Category: row.Category });
  return reportLink(COSTDETAILS, window);
}

/** 收款方式构成图: a slice → 收费明细表 paid that way; a month's layer → that month and way. */
export function payTypeLink(e: ChartClick, f: Filters): string | null {
  const base = { CommunityIds: f.CommunityIds };
  if (e.seriesType === 'pie') {
    return reportLink(COSTDETAILS, {
      ...base,
      DateFrom: f.DateFrom,
      DateTo: f.DateTo,
      Methods: [methodCode(e.name)].filter(Boolean),
    });
  }
  const w = windowOf(e.name);
  const m = e.seriesName ? methodCode(e.seriesName) : undefined;
  return w ? reportLink(COSTDETAILS, { ...base, ...w, Methods: m ? [m] : undefined }) : null;
}
