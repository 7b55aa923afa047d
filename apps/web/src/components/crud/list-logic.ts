import { formatMoney } from '@linli/shared';
import type { CrudColumn, ListParams, SearchField } from './types';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  field: string;
  order: SortOrder;
}

/** Query keys start with the resource, so a mutation invalidates every list of it with `[resource]`. */
export const listKey = (resource: string, params: Record<string, unknown>, name = 'list') =>
  [resource, name, params] as const;

interface DateLike {
  format(pattern: string): string;
}
const isDateLike = (v: unknown): v is DateLike =>
  typeof v === 'object' && v !== null && typeof (v as DateLike).format === 'function';

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);

/** A date control's value as the server reads it ('YYYY-MM-DD'). */
export const dateText = (v: unknown): unknown => (isDateLike(v) ? v.format('YYYY-MM-DD') : v);

/**
 * Search-form values → call parameters: empty values are left out, dates become 'YYYY-MM-DD', a date range becomes
 * its two named ends, a ticked checkbox becomes 1, text is trimmed.
 */
export function searchParams(fields: readonly SearchField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const [name, raw] of Object.entries(values)) {
    const field = byName.get(name);
    if (isEmpty(raw)) continue;
    if (field?.type === 'dateRange' && Array.isArray(raw)) {
      const [from, to] = field.rangeNames ?? [`${name}From`, `${name}To`];
      if (raw[0]) out[from] = dateText(raw[0]);
      if (raw[1]) out[to] = dateText(raw[1]);
      continue;
    }
    if (raw === true) out[name] = 1;
    else if (typeof raw === 'string') {
      if (raw.trim()) out[name] = raw.trim();
    } else out[name] = dateText(raw);
  }
  return out;
}

/** Everything the list call receives: fixed params (a tree filter), the search, the page and the sort. */
export function listParams(input: {
  filters: Record<string, unknown>;
  extra?: Record<string, unknown>;
  page: number;
  size: number;
  sort?: SortState | null;
}): ListParams {
  const params: ListParams = { ...(input.extra ?? {}), ...input.filters, PgIndex: input.page, PgSize: input.size };
  for (const [k, v] of Object.entries(params)) if (v === undefined || v === null || v === '') delete params[k];
  if (input.sort) {
    params.SortField = input.sort.field;
    params.SortOrder = input.sort.order;
  }
  return params;
}

/** The filters of the list as shown (no paging): what an export sends. */
export function exportParams(params: ListParams): Record<string, unknown> {
  const { PgIndex: _i, PgSize: _s, ExactCount: _c, ...rest } = params;
  return rest;
}

/** antd's sorter answer → our sort state (null when cleared). */
export function sortOf(sorter: unknown): SortState | null {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as { field?: unknown; columnKey?: unknown; order?: unknown };
  if (!s?.order) return null;
  const field = String(s.field ?? s.columnKey ?? '');
  if (!field) return null;
  return { field, order: s.order === 'ascend' ? 'asc' : 'desc' };
}

export const isMoneyField = (name: string | undefined) => !!name && name.includes('Money');

export const columnKey = <T>(c: CrudColumn<T>) => c.key ?? c.dataIndex ?? c.title;

/**
 * Money columns (`money: true`, or spec §5: the field name contains 'Money') get 2 decimals unless they render
 * themselves.
 */
export function withMoney<T>(columns: readonly CrudColumn<T>[]): CrudColumn<T>[] {
  return columns.map((c) =>
    !c.render && (c.money || isMoneyField(c.dataIndex))
      ? { ...c, align: c.align ?? 'right', render: (v: unknown) => formatMoney(v as string | number | null) }
      : c,
  );
}

/** The columns 列设置 leaves visible, in declared order. */
export function visibleColumns<T>(columns: readonly CrudColumn<T>[], hidden: ReadonlySet<string>): CrudColumn<T>[] {
  return columns.filter((c) => c.hideable === false || !hidden.has(columnKey(c)));
}

export const defaultHidden = <T>(columns: readonly CrudColumn<T>[]) =>
  columns.filter((c) => c.defaultHidden).map((c) => columnKey(c));
