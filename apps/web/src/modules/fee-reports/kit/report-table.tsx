import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { cellText, kindOf, leafColumns, linkUrl } from './report-logic';
import type { ReportColumn } from './types';

/** Pixels a bold 合计 value needs in a middle-size cell: digits and separators at ~8.5 px, plus the cell padding. */
const sumWidth = (text: string) => Math.ceil(text.length * 8.5) + 20;

export type SortState = { field: string; order: 'asc' | 'desc' } | null;

const sortOrderOf = (sort: SortState, field: string | undefined) =>
  sort && sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

/** The style of a toned value (a rate's colour), or none. */
function toneStyle(tone: ((value: unknown) => string | undefined) | undefined, value: unknown) {
  const color = tone?.(value);
  return color ? { color, fontWeight: 500 } : undefined;
}

/**
 * Report columns → antd columns: money, rates and counts right-aligned in their format, a summary amount as a
 * link to its detail report (same filters, in its own tab), red where the row fails a check, server sort on
 * paged reports.
 */
export function useReportColumns<T>(
  columns: readonly ReportColumn<T>[],
  filters: Record<string, unknown>,
  sort: SortState,
  sortable: boolean,
  sum?: Record<string, unknown>,
): ColumnType<T>[] {
  const navigate = useNavigate();
  const map = (c: ReportColumn<T>): ColumnType<T> => {
    const { kind: _k, link, danger, tone, children, sorter, hideable: _h, defaultHidden: _d, money: _m, ...rest } = c;
    const kind = kindOf(c);
    const numeric = kind !== 'text';
    const total = numeric && c.dataIndex && sum ? cellText(kind, sum[c.dataIndex]) : '';
    const minWidth = total ? sumWidth(total) : 0;
    return {
      ...rest,
      // The 合计 sits in a table of its own under a scrolling body, which sizes the columns from the rows alone: a
      // column is at least as wide as its bold total, or that cell pushes every cell after it out of line. Chromium
      // honours a minimum width on the body's cells, not on the <col> alone (a year of 收费明细表 drifted 15–32 px).
      ...(minWidth
        ? {
            minWidth,
            onCell: (row: T, index?: number) => {
              const own = rest.onCell?.(row, index) ?? {};
              return { ...own, style: { ...own.style, minWidth } };
            },
          }
        : {}),
      key: c.key ?? c.dataIndex ?? c.title,
      align: c.align ?? (numeric ? 'right' : undefined),
      sorter: sortable && !!sorter,
      sortOrder: sortable && sorter ? sortOrderOf(sort, c.dataIndex) : undefined,
      // Each cell names its field (col-DueMoney), as the 合计 cell below it does: styles and checks find a column by it.
      ...(c.dataIndex ? { className: `col-${c.dataIndex}` } : {}),
      ...(children?.length ? { children: children.map(map) } : {}),
      render:
        c.render ??
        ((value: unknown, row: T): ReactNode => {
          const text = cellText(kind, value);
          const to = link?.(row, filters);
          const style = danger?.(row)
            ? { color: 'var(--ant-color-error, #ff4d4f)', fontWeight: 600 }
            : toneStyle(tone, value);
          if (to && text && !/^-?0(\.0+)?$/.test(text)) {
            const url = linkUrl(to, filters);
            return (
              <a
                href={url}
                style={style}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(url);
                }}
              >
                {text}
              </a>
            );
          }
          return style ? <span style={style}>{text}</span> : text;
        }),
    } as ColumnType<T>;
  };
  return columns.map(map);
}

/**
 * The 合计 row: the report's Sum answer (the whole filtered set), one cell per leaf column. The caller wraps it in
 * `<Table.Summary fixed>` itself: the table reads `fixed` from the element `summary` returns, not from inside it.
 */
export function SumRow<T>({
  columns,
  sum,
  withActions,
}: {
  columns: readonly ReportColumn<T>[];
  sum: Record<string, unknown> | undefined;
  withActions: boolean;
}) {
  const leaves = leafColumns(columns);
  return (
    <Table.Summary.Row className="crud-summary-row report-sum-row">
      {leaves.map((c, i) => {
        const kind = kindOf(c);
        const field = c.dataIndex;
        const value = i > 0 && kind !== 'text' && field && sum ? sum[field] : undefined;
        const text = i === 0 ? '合计' : kind !== 'text' && field && sum ? cellText(kind, value) : '';
        return (
          <Table.Summary.Cell
            key={c.key ?? field ?? i}
            index={i}
            align={kind !== 'text' ? 'right' : undefined}
            className={field ? `col-${field}` : undefined}
          >
            <strong style={i > 0 ? toneStyle(c.tone, value) : undefined}>{text}</strong>
          </Table.Summary.Cell>
        );
      })}
      {withActions && <Table.Summary.Cell index={leaves.length} />}
    </Table.Summary.Row>
  );
}
