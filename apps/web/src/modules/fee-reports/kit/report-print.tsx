import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import '../../../components/crud/print-view.css';
import './report-print.css';
import { cellText, kindOf, leafColumns } from './report-logic';
import type { ReportColumn } from './types';

export interface ReportPrintProps<T> {
  title: string;
  /** The filter line under the title: 小区、月份、打印人、时间 … */
  head: { label: string; value: ReactNode }[];
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  sum?: Record<string, unknown>;
  /** Signature lines and notes under the table (收款人 / 复核人). */
  foot?: ReactNode;
  /** Wide tables print across the page. */
  landscape?: boolean;
}

const cell = <T,>(c: ReportColumn<T>, row: T): ReactNode => {
  const value = c.dataIndex ? (row as Record<string, unknown>)[c.dataIndex] : undefined;
  if (c.render) return c.render(value, row, 0) as ReactNode;
  return cellText(kindOf(c), value);
};

/** A report as printed: title, filter line, every column, the 合计 row, then the signatures. */
export function ReportPrint<T>({ title, head, columns, rows, sum, foot, landscape }: ReportPrintProps<T>) {
  const leaves = leafColumns(columns);
  return (
    <section
      className={`print-view print-a4 report-print${landscape ? ' report-print-landscape' : ''}`}
      aria-label={title}
    >
      <h1 className="print-title">{title}</h1>
      <dl className="print-head">
        {head.map((h) => (
          <div key={h.label}>
            <dt>{h.label}：</dt>
            <dd>{h.value}</dd>
          </div>
        ))}
      </dl>
      <table className="print-table">
        <thead>
          <tr>
            {leaves.map((c) => (
              <th key={c.key ?? c.dataIndex ?? c.title}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // Printed rows never reorder.
            <tr key={i}>
              {leaves.map((c) => (
                <td key={c.key ?? c.dataIndex ?? c.title} className={kindOf(c) !== 'text' ? 'print-money' : undefined}>
                  {cell(c, r)}
                </td>
              ))}
            </tr>
          ))}
          {sum && (
            <tr className="report-print-sum">
              {leaves.map((c, i) => (
                <td key={c.key ?? c.dataIndex ?? c.title} className={kindOf(c) !== 'text' ? 'print-money' : undefined}>
                  {i === 0 ? '合计' : kindOf(c) !== 'text' && c.dataIndex ? cellText(kindOf(c), sum[c.dataIndex]) : ''}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
      {foot && <div className="print-foot report-print-foot">{foot}</div>}
    </section>
  );
}

/** 打印: a preview of the printed report in a dialog whose 打印 opens the browser's print dialog. */
export function ReportPrintButton<T>({
  label = '打印',
  disabled,
  onOpen,
  ...props
}: ReportPrintProps<T> & { label?: string; disabled?: boolean; onOpen?(): Promise<unknown> | void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        disabled={disabled}
        onClick={() => {
          void Promise.resolve(onOpen?.()).then(
            () => setOpen(true),
            () => undefined,
          );
        }}
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={props.title}
        width={props.landscape ? 1180 : 880}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        }
      >
        {open && <ReportPrint {...props} />}
      </Modal>
    </>
  );
}
