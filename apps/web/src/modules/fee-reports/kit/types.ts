import type { ReactNode } from 'react';
import type { CrudColumn, SearchField } from '../../../components/crud';

/**
 * The common filters of domain/fee-reports.md ("Filters and their limits"), each one control:
 * communities 小区 (multi, empty = all the user serves), community 小区* (one, required: Yjzl, AnnualHouse),
 * building 楼栋, items 收费项目 (multi), category 类别, period 账期 (PeriodFrom–PeriodTo, default this month),
 * anyPeriod 账期 starting empty (optional on Qjmx), month 月份* (Month),
 * dates 收款日期 (DateFrom–DateTo), asOf 截止日期 (AsOfDate).
 */
export type CommonFilter =
  'communities' | 'community' | 'building' | 'items' | 'category' | 'period' | 'anyPeriod' | 'month' | 'dates' | 'asOf';

/** How a cell shows its value: money 2 dp right-aligned, rate 93.25% or '-', count an integer right-aligned. */
export type CellKind = 'money' | 'rate' | 'count' | 'text';

/** Where a summary amount leads: a detail report's route and the filters it opens with (merged over the page's). */
export interface ReportLink {
  path: string;
  params?: Record<string, unknown>;
}

export type ReportColumn<T> = CrudColumn<T> & {
  kind?: CellKind;
  /** A summary amount opens its detail report with the same filters (plus the row's own, e.g. RoomId). */
  link?(row: T, filters: Record<string, unknown>): ReportLink | null;
  /** Shown red (yckhz's identity check, a negative 长短款 …). */
  danger?(row: T): boolean;
  /** A colour for a value (ratecollect's rates), in the rows and in the 合计 row alike. */
  tone?(value: unknown): string | undefined;
  children?: ReportColumn<T>[];
};

/** A report filter beyond the common ones (房号/业主, 状态, 账龄 …): a search-form field plus its default. */
export type ExtraFilter = SearchField & {
  initial?: unknown;
  /** Other props of the control (a number's precision …). */
  props?: Record<string, unknown>;
  /**
   * Set only by a link (预存明细表's AccountId from 预存款汇总表): no control, a closable tag instead, reading
   * `<name>Text` from the link for what it shows.
   */
  hidden?: boolean;
};

export interface ReportDefinition<T> {
  /** The calls' name: /api/FeeReport/<name>List, <name>Sum, <name>Export. */
  name: string;
  /** 应缴明细表: the export's file name and the print title. */
  title: string;
  filters: readonly CommonFilter[];
  /** Other captions for common filters (收费日报's 日期, 预存's 账户). */
  labels?: Partial<Record<CommonFilter, string>>;
  extra?: readonly ExtraFilter[];
  /** The columns; a function when they follow a filter (qjhz by 房屋 or by 楼栋, qjhzjefj's bands). */
  columns: readonly ReportColumn<T>[] | ((filters: Record<string, unknown>) => readonly ReportColumn<T>[]);
  /** The body as the server reads it, from the form's (qjhzjefj's '500,1000' → [500, 1000]). */
  transform?(params: Record<string, unknown>): Record<string, unknown>;
  /** Detail reports are server-paged (20/50/100/200) and sortable; summary reports answer every row. */
  paged?: boolean;
  rowKey?: string | ((row: T) => string);
  /** Fixed parameters sent with every call (a default GroupBy …). */
  fixed?: Record<string, unknown>;
  /** Row actions (the 操作 column), e.g. qjmx → 收费台. */
  actions?(row: T): ReactNode;
  actionsWidth?: number;
  /** Drawn between the filters and the table (qjhzscfj's stacked bar). */
  above?(ctx: ReportContext<T>): ReactNode;
  /** Toolbar buttons beside 导出 (yjzl's 打印). */
  toolbar?(ctx: ReportContext<T>): ReactNode;
}

export interface ReportContext<T> {
  rows: T[];
  sum: Record<string, unknown> | undefined;
  /** The filters as sent (no paging). */
  filters: Record<string, unknown>;
  loading: boolean;
}
