import { LIST_COUNT_CAP } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { call, type CallDef, Page } from '../../core/calls';
import { type XlsxColumn, xlsxExport } from '../../core/excel';
import { fail } from '../../core/errors';
import { idList } from '../../core/filters';
import { pageOf } from '../../core/paging';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { REPORT_LIMITS, REPORT_MSG, type ReportScope, resolveScope, type ScopeInput } from './filters';

/**
 * The report kit: one definition registers /api/FeeReport/<Name>List, <Name>Sum and <Name>Export
 * (domain/fee-reports.md "API shapes"), all three on sfgl_sfbb (Export also on `export`), answering:
 * - List: data[] (top-level rows; a subtotal's items in `Children`) and count; paged reports take PgIndex/PgSize
 *   (20/50/100/200), the others answer every row;
 * - Sum: the 合计 object with the rows' field names, computed by SQL over the whole (unpaged) row query, so Sum is
 *   Σ List rows over all pages by construction; a rate in it is Σ numerator ÷ Σ denominator;
 * - Export: a streamed xlsx (title, filter line, 导出人 and time, header, rows with their Children, the 合计 row),
 *   money as numbers in #,##0.00, at most 200,000 rows, named <报表名>_<yyyyMMddHHmm>.xlsx, audited.
 * Values: money fields (…Money) are 2-decimal text, rates (…Rate, Share) JSON numbers half up to 4 decimals or null,
 * counts numbers.
 */

export type CellKind = 'text' | 'money' | 'rate' | 'count' | 'num';

export interface ReportColumn {
  /** The row field (PascalCase). */
  key: string;
  title: string;
  /** money/count are summed into the 合计, rate recomputed (see `rates`), text/num left out. Default: by name. */
  kind?: CellKind;
  width?: number;
}

/** What a report's query functions receive: the parsed body, its resolved filters and the scope. */
export interface ReportQuery<B, F> {
  db: Tx;
  auth: Auth;
  body: B;
  filters: F;
  scope: ReportScope;
}

export interface ReportDef<S extends z.ZodType, F> {
  /** 'Yjmx' → /api/FeeReport/YjmxList … */
  name: string;
  /** 报表名: the export's title and file name. */
  title: string;
  body: S;
  paged?: boolean;
  /** Resolves defaults and limits (throws the domain message) beyond the common scope. */
  resolve(body: z.infer<S>, scope: ReportScope): F | Promise<F>;
  /**
   * The top-level rows as one SELECT with PascalCase aliases (money already as text). The kit sorts by SortField
   * when it names a column, pages, counts and sums over it.
   */
  rows(q: ReportQuery<z.infer<S>, F>): SQL;
  /** Default order of the rows (over the alias r, e.g. sql`r."CommunityName", r."BillId"`). */
  order: SQL;
  columns: ReportColumn[];
  /** Columns that depend on the filters (qjhzjefj's bands); default `columns`. */
  columnsFor?(filters: F): ReportColumn[];
  /** Rates of the 合计: field → [numerator field, denominator field(s), added] of the summed row. */
  rates?: Record<string, [string, string | string[]]>;
  /**
   * The rows the 合计 sums, when cheaper than `rows`: the same rows with (at least) every money and count column of
   * `columns` (收费明细表: its entries' money without names, receipts and tender text).
   */
  sumRows?(q: ReportQuery<z.infer<S>, F>): SQL;
  /** Extra 合计 fields computed over the rows' alias r (e.g. a distinct count); SQL aggregate per field. */
  sumExtra?(q: ReportQuery<z.infer<S>, F>): Record<string, SQL>;
  /**
   * Children of each row (one level): a SELECT of rows with the same fields plus a `__parent` column equal to the
   * parent row's `parentKey` field.
   */
  children?: {
    parentKey: string;
    rows(q: ReportQuery<z.infer<S>, F>): SQL;
    order: SQL;
  };
  /**
   * A paged report's cheaper List (fee-reports.md "Lists and totals"): `rows` answers one page in the report's
   * default order (null when SortField asks another order: the kit then sorts the whole set), `count` the same rows
   * unsorted and unnamed, counted only up to LIST_COUNT_CAP (core/list-count.ts: the answer says countMore, and
   * ExactCount=1 counts them all). Without it the kit sorts and counts every row for each page.
   */
  page?: {
    rows(q: ReportQuery<z.infer<S>, F>, page: { limit: number; offset: number }): SQL | null;
    count(q: ReportQuery<z.infer<S>, F>): SQL;
    /** Where the count stops (LIST_COUNT_CAP); a test names a small one. */
    cap?: number;
  };
  /** The filter line of the export; the kit adds 小区 and the common windows. */
  filterText?(q: ReportQuery<z.infer<S>, F>): string[] | Promise<string[]>;
}

type Row = Record<string, unknown>;

const kindOf = (c: ReportColumn): CellKind =>
  c.kind ??
  (/Money$/.test(c.key)
    ? 'money'
    : /(Rate|Share)$/.test(c.key)
      ? 'rate'
      : /(Count|Rooms|Months)$/.test(c.key)
        ? 'count'
        : 'text');

/** Rates and counts come back from numeric SQL as text: rates become numbers, money keeps 2 decimals. */
export function shapeRow(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('__')) continue;
    if (k === 'Children' && Array.isArray(v)) out[k] = v.map((c) => shapeRow(c as Row));
    else if (/(Rate|Share)$/.test(k)) out[k] = v === null || v === undefined ? null : Number(v);
    else if (/Money$/.test(k) && v !== null && v !== undefined && typeof v !== 'string') out[k] = Number(v).toFixed(2);
    else out[k] = v;
  }
  return out;
}

/** ORDER BY: the requested column when it is one of the report's fields, then the report's own order. */
const columnsOf = <S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>) =>
  def.columnsFor?.(q.filters) ?? def.columns;

/** The column the list is asked to sort by (SortField naming one of the report's fields), if any. */
const sortColumn = <S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>) => {
  const field = (q.body as Row).SortField;
  return typeof field === 'string' ? columnsOf(def, q).find((c) => c.key === field) : undefined;
};

/** Whether the list is in the report's own order: a `page` cuts its page only then (null otherwise). */
export const inDefaultOrder = <S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>) =>
  !sortColumn(def, q);

function orderOf<S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>): SQL {
  const body = q.body as Row;
  const col = sortColumn(def, q);
  if (!col) return def.order;
  const dir = /^desc/i.test(String(body.SortOrder ?? '')) ? sql`desc nulls last` : sql`asc nulls first`;
  return sql`r.${sql.identifier(col.key)} ${dir}, ${def.order}`;
}

/** The 合计 over the whole row query: Σ of the money and count columns, the rates recomputed. */
function sumQuery<S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>): SQL {
  const parts: SQL[] = [];
  const summed = new Set<string>();
  const keys = new Set(columnsOf(def, q).map((c) => c.key));
  for (const c of columnsOf(def, q)) {
    const kind = kindOf(c);
    const col = sql`r.${sql.identifier(c.key)}`;
    if (kind === 'money')
      parts.push(sql`coalesce(sum(${col}::numeric), 0)::numeric(14,2)::text as ${sql.identifier(c.key)}`);
    else if (kind === 'count') parts.push(sql`coalesce(sum(${col}), 0)::int as ${sql.identifier(c.key)}`);
    else continue;
    summed.add(c.key);
  }
  for (const [field, [num, den]] of Object.entries(def.rates ?? {})) {
    // A rate is in the 合计 only when its row carries it (columns that depend on the filters may leave it out).
    if (![field, num, ...(Array.isArray(den) ? den : [den])].every((f) => keys.has(f))) continue;
    const n = sql`coalesce(sum(r.${sql.identifier(num)}::numeric), 0)`;
    const d = sql.join(
      (Array.isArray(den) ? den : [den]).map((f) => sql`coalesce(sum(r.${sql.identifier(f)}::numeric), 0)`),
      sql` + `,
    );
    parts.push(sql`(case when (${d}) = 0 then null else round(${n} / (${d}), 4) end) as ${sql.identifier(field)}`);
  }
  for (const [field, expr] of Object.entries(def.sumExtra?.(q) ?? {}))
    parts.push(sql`${expr} as ${sql.identifier(field)}`);
  if (!parts.length) parts.push(sql`count(*)::int as "__n"`);
  return sql`select ${sql.join(parts, sql`, `)} from (${(def.sumRows ?? def.rows)(q)}) r`;
}

async function prepare<S extends z.ZodType, F>(
  def: ReportDef<S, F>,
  body: z.infer<S>,
  auth: Auth,
  deps: AppDeps,
): Promise<ReportQuery<z.infer<S>, F>> {
  const db = deps.database.db;
  const scope = await resolveScope(db, auth, body as ScopeInput, deps.now());
  const filters = await def.resolve(body, scope);
  return { db, auth, body, filters, scope };
}

/** The children of every row, fetched beside the rows: the query does not depend on them. */
function childrenOf<S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>): Promise<Row[]> {
  if (!def.children) return Promise.resolve([]);
  return sqlRows<Row>(q.db, sql`select * from (${def.children.rows(q)}) r order by ${def.children.order}`);
}

/**
 * The rows and their children, read at the same time (on PostgreSQL two connections of the pool: a year's 收费汇总表
 * waited 0.8 s for its 楼栋 after its 小区).
 */
async function withChildren<S extends z.ZodType, F>(
  def: ReportDef<S, F>,
  q: ReportQuery<z.infer<S>, F>,
  rowsQuery: Promise<Row[]>,
): Promise<Row[]> {
  const [rows, kids] = await Promise.all([rowsQuery, childrenOf(def, q)]);
  if (!def.children || !rows.length) return rows;
  const { parentKey } = def.children;
  const byParent = new Map<string, Row[]>();
  for (const k of kids) {
    const key = String(k.__parent ?? '');
    let list = byParent.get(key);
    if (!list) byParent.set(key, (list = []));
    list.push(k);
  }
  return rows.map((r) => ({ ...r, Children: byParent.get(String(r[parentKey] ?? '')) ?? [] }));
}

/** A page through the report's own `page` (its rows and a capped count); `counted` false skips the count. */
async function fastPage<S extends z.ZodType, F>(
  def: ReportDef<S, F>,
  q: ReportQuery<z.infer<S>, F>,
  page: { limit: number; offset: number },
  counted: boolean,
): Promise<{ rows: Row[]; count: number; countMore?: boolean }> {
  const p = def.page!;
  const rowsSql =
    p.rows(q, page) ??
    sql`select * from (${def.rows(q)}) r order by ${orderOf(def, q)} limit ${page.limit} offset ${page.offset}`;
  const exact = (q.body as Row).ExactCount === 1 || (q.body as Row).ExactCount === '1';
  const cap = Math.max(p.cap ?? LIST_COUNT_CAP, page.offset + page.limit);
  const countSql = exact
    ? sql`select count(*)::int as n from (${p.count(q)}) c`
    : sql`select count(*)::int as n from (select 1 from (${p.count(q)}) c limit ${cap + 1}) c`;
  const [rows, counts] = await Promise.all([
    withChildren(def, q, sqlRows<Row>(q.db, rowsSql)),
    counted ? sqlRows<{ n: number }>(q.db, countSql) : Promise.resolve([{ n: 0 }]),
  ]);
  const n = counts[0]?.n ?? 0;
  const shaped = rows.map(shapeRow);
  return !exact && n > cap ? { rows: shaped, count: cap, countMore: true } : { rows: shaped, count: n };
}

/** The List answer's rows and count (all rows when `page` is null). */
export async function reportRows<S extends z.ZodType, F>(
  def: ReportDef<S, F>,
  q: ReportQuery<z.infer<S>, F>,
  page: { limit: number; offset: number } | null,
  counted = true,
): Promise<{ rows: Row[]; count: number; countMore?: boolean }> {
  const order = orderOf(def, q);
  const inner = def.rows(q);
  if (!page) {
    const rows = sqlRows<Row>(q.db, sql`select * from (${inner}) r order by ${order}`);
    const shaped = (await withChildren(def, q, rows)).map(shapeRow);
    return { rows: shaped, count: shaped.length };
  }
  if (def.page) return fastPage(def, q, page, counted);
  const rows = await withChildren(
    def,
    q,
    sqlRows<Row>(
      q.db,
      sql`select r.*, count(*) over () as "__total" from (${inner}) r order by ${order}
        limit ${page.limit} offset ${page.offset}`,
    ),
  );
  let count = Number(rows[0]?.__total ?? 0);
  if (!rows.length && page.offset > 0) {
    const [c] = await sqlRows<{ n: number }>(q.db, sql`select count(*)::int as n from (${inner}) r`);
    count = c?.n ?? 0;
  }
  return { rows: rows.map(shapeRow), count };
}

export async function reportSum<S extends z.ZodType, F>(def: ReportDef<S, F>, q: ReportQuery<z.infer<S>, F>) {
  const [row] = await sqlRows<Row>(q.db, sumQuery(def, q));
  return shapeRow(row ?? {});
}

/** '阳光花园、翠湖天地' for the filter line (all served communities: '全部'). */
async function communityNames(q: ReportQuery<unknown, unknown>): Promise<string> {
  const asked = (q.body as ScopeInput).CommunityIds?.length || (q.body as ScopeInput).CommunityId;
  if (!asked) return '全部';
  const rows = await sqlRows<{ name: string }>(
    q.db,
    sql`select name from communities where cmp_id = ${q.scope.cmpId} and id = any(${idList(q.scope.communityIds)}::int[])
        order by id`,
  );
  return rows.map((r) => r.name).join('、');
}

/** A report's 关键字 (房号/业主/电话), which narrows the rows as much as any window. */
const keywordText = (b: Row): string[] =>
  typeof b.Keyword === 'string' && b.Keyword.trim() ? [`关键字：${b.Keyword.trim()}`] : [];

function windowText(f: unknown): string[] {
  const out: string[] = [];
  const w = f as Record<string, { from?: string; to?: string; day?: string } | undefined>;
  if (w.period?.from) out.push(`账期：${w.period.from}至${w.period.to}`);
  if (w.dates?.from) out.push(`收款日期：${w.dates.from}至${w.dates.to}`);
  if (w.asOf?.day) out.push(`截止日期：${w.asOf.day}`);
  return out;
}

const stamp = (now: Date, tz: string) => fmtTime(now, tz).replace(/[-: ]/g, '').slice(0, 12);

const xlsxColumns = (columns: ReportColumn[]): XlsxColumn<Row>[] =>
  columns.map((c) => {
    const kind = kindOf(c);
    return {
      header: c.title,
      width: c.width ?? (kind === 'text' ? Math.max(12, c.title.length * 2 + 6) : 14),
      value: (r: Row) => r[c.key] as string | number | null | undefined,
      ...(kind === 'money'
        ? { numFmt: '#,##0.00' }
        : kind === 'rate'
          ? { numFmt: '0.00%' }
          : kind === 'count'
            ? { numFmt: '0' }
            : {}),
    };
  });

/** The export: counted first (the cap answers the envelope), then streamed page by page. */
export async function reportExport<S extends z.ZodType, F>(
  def: ReportDef<S, F>,
  q: ReportQuery<z.infer<S>, F>,
  deps: AppDeps,
  ip: string,
) {
  const [c] = await sqlRows<{ n: number }>(q.db, sql`select count(*)::int as n from (${def.rows(q)}) r`);
  const total = c?.n ?? 0;
  if (total > REPORT_LIMITS.exportRows) throw fail(REPORT_MSG.exportRows);
  const sum = await reportSum(def, q);
  const now = deps.now();
  const lines = [
    [
      `小区：${await communityNames(q as ReportQuery<unknown, unknown>)}`,
      ...windowText(q.filters),
      ...keywordText(q.body as Row),
      ...((await def.filterText?.(q)) ?? []),
    ].join('；'),
    `导出人：${q.auth.name}\u3000导出时间：${fmtTime(now, q.auth.timeZone)}`,
  ];
  const { body: _b, ...filtersForAudit } = { body: null, ...(q.body as Row) };
  await audit(
    q.db,
    {
      cmpId: q.auth.cmpId,
      userId: q.auth.userId,
      action: 'feereport.export',
      entity: 'fee_report',
      detail: { Report: def.name, Filters: filtersForAudit, Rows: total },
      ip,
    },
    now,
  );
  const cols = columnsOf(def, q);
  const columns = xlsxColumns(cols);
  const firstKey = cols[0]?.key ?? '';
  async function* stream(): AsyncGenerator<Row> {
    const size = def.paged ? 5000 : Number.MAX_SAFE_INTEGER;
    for (let offset = 0; offset < total; offset += size) {
      const { rows } = await reportRows(def, q, def.paged ? { limit: size, offset } : null, false);
      for (const r of rows) {
        yield r;
        for (const child of (r.Children as Row[] | undefined) ?? [])
          yield { ...child, [firstKey]: `\u3000${String(child[firstKey] ?? '')}` };
      }
      if (!def.paged) return;
    }
  }
  const totalRow: Row = { ...sum, [firstKey]: '合计' };
  return xlsxExport(`${def.title}_${stamp(now, q.auth.timeZone)}`, columns, stream(), def.title, {
    title: def.title,
    lines,
    footer: () => totalRow,
  });
}

export const REPORT_ROLE = 'sfgl_sfbb';

/** The three calls of a report definition. */
export function reportCalls<S extends z.ZodType, F>(def: ReportDef<S, F>, controller = 'FeeReport'): CallDef[] {
  return [
    call({
      path: `/${controller}/${def.name}List`,
      role: REPORT_ROLE,
      reads: true,
      body: def.body,
      handler: async (b, { auth, deps }) => {
        const q = await prepare(def, b, auth, deps);
        const page = def.paged ? pageOf(b as Row, { size: 20, max: 200 }) : null;
        const { rows, count, countMore } = await reportRows(
          def,
          q,
          page ? { limit: page.limit, offset: page.offset } : null,
        );
        return new Page(rows, count, undefined, countMore);
      },
    }),
    call({
      path: `/${controller}/${def.name}Sum`,
      role: REPORT_ROLE,
      reads: true,
      body: def.body,
      handler: async (b, { auth, deps }) => reportSum(def, await prepare(def, b, auth, deps)),
    }),
    call({
      path: `/${controller}/${def.name}Export`,
      role: REPORT_ROLE,
      btn: 'export',
      body: def.body,
      handler: async (b, { auth, deps, ip }) => reportExport(def, await prepare(def, b, auth, deps), deps, ip),
    }),
  ];
}

/** Resolves a body for a report outside its calls (charts, the reconciliation, tests). */
export const reportQuery = prepare;
