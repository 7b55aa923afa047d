import { formatMoney } from '@linli/shared';
import { Table } from 'antd';
import { sumMoney } from './money-total';
import type { CrudColumn } from './types';

/**
 * The 合计 rows under a list with money columns: 本页合计 sums the page exactly; 合计 shows the server's total of the
 * whole filter (`totals` of the list answer) when it sends one. The first text cell carries the caption.
 */
export function MoneySummary<T>({
  columns,
  rows,
  totals,
  selectable,
  actions,
}: {
  columns: readonly CrudColumn<T>[];
  rows: readonly T[];
  totals?: Record<string, string | number> | undefined;
  selectable?: boolean;
  /** The list has the fixed 操作 column: the 合计 rows get its (empty) cell, so that column covers them too. */
  actions?: boolean;
}) {
  const offset = selectable ? 1 : 0;
  const line = (caption: string, value: (field: string) => string) => (
    <Table.Summary.Row className="crud-summary-row">
      {selectable && <Table.Summary.Cell index={0} />}
      {columns.map((c, i) => {
        const field = c.dataIndex ?? '';
        const text = c.money && field ? value(field) : i === 0 ? caption : '';
        return (
          <Table.Summary.Cell key={c.key ?? field ?? i} index={i + offset} align={c.money ? 'right' : undefined}>
            {c.money || i === 0 ? <strong>{text}</strong> : null}
          </Table.Summary.Cell>
        );
      })}
      {actions && <Table.Summary.Cell index={columns.length + offset} />}
    </Table.Summary.Row>
  );
  return (
    <Table.Summary fixed>
      {line(totals ? '本页合计' : '合计', (f) => {
        const sumIf = columns.find((c) => c.dataIndex === f)?.sumIf;
        return sumMoney(sumIf ? rows.filter(sumIf) : rows, f as keyof T);
      })}
      {totals && line('合计', (f) => formatMoney(totals[f] ?? '0'))}
    </Table.Summary>
  );
}
