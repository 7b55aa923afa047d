import { PrinterOutlined } from '@ant-design/icons';
import { moneyToChinese } from '@linli/shared';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { fenOf, fenText } from './money-total';
import './print-view.css';

export interface PrintColumn<T> {
  title: string;
  /** The row's field, or a function for a composed cell. */
  value: keyof T | ((row: T) => ReactNode);
  /** Shown with 2 decimals, right-aligned and summed into the 合计 line. */
  money?: boolean;
}

export interface PrintViewProps<T> {
  /** 收款收据, 催缴通知书 … */
  title: string;
  /** 'a4' (210 mm) or 'receipt' (80 mm thermal paper). */
  paper?: 'a4' | 'receipt';
  /** Lines above the table: 收据号, 日期, 房屋, 交款人 … */
  head?: { label: string; value: ReactNode }[];
  columns: readonly PrintColumn<T>[];
  rows: readonly T[];
  /** The amount in words; defaults to the sum of the money columns. Decimal text or a number of yuan. */
  total?: string;
  /** Lines under the 大写 line: 收款人, 第N次打印 … */
  foot?: ReactNode;
}

const cell = <T,>(c: PrintColumn<T>, row: T): ReactNode => {
  const v = typeof c.value === 'function' ? c.value(row) : (row[c.value] as ReactNode);
  if (!c.money) return v;
  const fen = fenOf(v);
  return fen === null ? v : fenText(fen);
};

/** The sum of every money cell of the rows, exactly (integer fen). */
function moneySum<T>(columns: readonly PrintColumn<T>[], rows: readonly T[]): string {
  let fen = 0n;
  for (const c of columns.filter((x) => x.money)) for (const r of rows) fen += fenOf(cell(c, r)) ?? 0n;
  return fenText(fen);
}

/**
 * A printable receipt or notice: a title, head lines, the rows, 合计 and 人民币（大写） in words from the shared
 * converter. The print style sheet prints only this block on the chosen paper; `PrintButton` opens the dialog.
 */
export function PrintView<T>({ title, paper = 'a4', head = [], columns, rows, total, foot }: PrintViewProps<T>) {
  const amount = total ?? moneySum(columns, rows);
  return (
    <section className={`print-view print-${paper}`} aria-label={title}>
      <h1 className="print-title">{title}</h1>
      {head.length > 0 && (
        <dl className="print-head">
          {head.map((h) => (
            <div key={h.label}>
              <dt>{h.label}：</dt>
              <dd>{h.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <table className="print-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // Printed rows have no identity of their own and never reorder.
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.title} className={c.money ? 'print-money' : undefined}>
                  {cell(c, r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-total">
        <span>合计：¥{fenText(fenOf(amount) ?? 0n)}</span>
        <span>人民币（大写）：{moneyToChinese(amount)}</span>
      </p>
      {foot && <div className="print-foot">{foot}</div>}
    </section>
  );
}

/** 打印: the browser's print dialog; the style sheet leaves only the print view on the page. */
export function PrintButton({ label = '打印' }: { label?: string }) {
  return (
    <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
      {label}
    </Button>
  );
}
