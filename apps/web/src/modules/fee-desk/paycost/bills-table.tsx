import { FeePayerType } from '@linli/shared';
import { Input, Table, Tag, Typography } from 'antd';
import type { BillRow } from '../api';

interface Props {
  bills: BillRow[];
  loading: boolean;
  /** The body's scroll height: the table fills the window below the desk's tabs. */
  height: number;
  chosen: Set<number>;
  setChosen(s: Set<number>): void;
  payNow: Record<number, string>;
  setPayNow(p: Record<number, string>): void;
}

/** A cell that keeps to its column: one line, cut with an ellipsis, the whole text on hover. */
const Cut = ({ text, title }: { text: string; title?: string }) => (
  <span title={title ?? text} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
    {text}
  </span>
);

/**
 * 待缴账单: every unpaid bill of the room (with its spaces and vehicles), ticked by default; 本次缴纳 ≤ 未缴.
 * The desk leaves the table about 550 px at 1440×900, so it fits without a sideways scroll: 缴费对象 (a space's or a
 * vehicle's) rides in 项目, 应缴日期 in 账期's hover, and 已收/减免 under 应收 when there are any.
 */
export function BillsTable({ bills, loading, height, chosen, setChosen, payNow, setPayNow }: Props) {
  return (
    <Table<BillRow>
      size="small"
      rowKey="Id"
      loading={loading}
      pagination={false}
      tableLayout="fixed"
      scroll={{ y: height }}
      dataSource={bills}
      locale={{ emptyText: '没有待缴账单' }}
      rowSelection={{
        columnWidth: 32,
        selectedRowKeys: [...chosen],
        onChange: (keys) => setChosen(new Set(keys.map(Number))),
      }}
      columns={[
        {
          title: '项目',
          key: 'item',
          render: (_: unknown, b) => {
            const payer = b.PayerType !== FeePayerType.Room && b.PayerName ? ` · ${b.PayerName}` : '';
            return (
              <Cut
                text={`${b.ItemName}${payer}`}
                title={`${b.ItemName}（${b.StandardName}）缴费对象：${b.PayerName}`}
              />
            );
          },
        },
        {
          title: '账期',
          dataIndex: 'Period',
          width: 72,
          render: (v: string, b) => <Cut text={v} title={`账期 ${v}，应缴日期 ${b.DueDate}`} />,
        },
        {
          title: '应收',
          dataIndex: 'AmountMoney',
          width: 84,
          align: 'right',
          render: (v: string, b) => {
            const parts = [
              b.PaidMoney !== '0.00' ? `已收${b.PaidMoney}` : '',
              b.DiscountMoney !== '0.00' ? `减免${b.DiscountMoney}` : '',
            ].filter(Boolean);
            return (
              <span title={`应收 ${v}，已收 ${b.PaidMoney}，减免 ${b.DiscountMoney}，未缴 ${b.UnpaidMoney}`}>
                {v}
                {parts.length > 0 && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} ellipsis>
                    {parts.join(' ')}
                  </Typography.Text>
                )}
              </span>
            );
          },
        },
        {
          title: '滞纳金',
          dataIndex: 'LateFeeMoney',
          width: 68,
          align: 'right',
          render: (v: string) => (v !== '0.00' ? <span style={{ color: '#cf1322' }}>{v}</span> : v),
        },
        {
          title: '逾期',
          dataIndex: 'OverdueDays',
          width: 68,
          render: (d: number) =>
            d > 0 ? (
              <Tag color={d > 90 ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
                {d}天
              </Tag>
            ) : (
              '—'
            ),
        },
        {
          title: '本次缴纳',
          key: 'pay',
          width: 100,
          render: (_: unknown, b) => (
            <Input
              size="small"
              aria-label={`本次缴纳 ${b.ItemName} ${b.Period}`}
              value={payNow[b.Id] ?? b.UnpaidMoney}
              disabled={!chosen.has(b.Id)}
              onChange={(e) => setPayNow({ ...payNow, [b.Id]: e.target.value.replace(/[^\d.]/g, '') })}
            />
          ),
        },
      ]}
    />
  );
}
