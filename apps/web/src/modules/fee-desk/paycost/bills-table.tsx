import { Input, Table, Tag } from 'antd';
import type { BillRow } from '../api';

interface Props {
  bills: BillRow[];
  loading: boolean;
  chosen: Set<number>;
  setChosen(s: Set<number>): void;
  payNow: Record<number, string>;
  setPayNow(p: Record<number, string>): void;
}

/** 待缴账单: every unpaid bill of the room (with its spaces and vehicles), ticked by default; 本次缴纳 ≤ 未缴. */
export function BillsTable({ bills, loading, chosen, setChosen, payNow, setPayNow }: Props) {
  return (
    <Table<BillRow>
      size="small"
      rowKey="Id"
      loading={loading}
      pagination={false}
      // Every column stays reachable (本次缴纳 last) in the desk's narrow column.
      scroll={{ x: 'max-content', y: 360 }}
      dataSource={bills}
      locale={{ emptyText: '没有待缴账单' }}
      rowSelection={{
        selectedRowKeys: [...chosen],
        onChange: (keys) => setChosen(new Set(keys.map(Number))),
      }}
      columns={[
        { title: '项目', dataIndex: 'ItemName', width: 110, fixed: 'left' },
        { title: '缴费对象', dataIndex: 'PayerName', width: 120, ellipsis: true },
        { title: '账期', dataIndex: 'Period', width: 80 },
        { title: '应缴日期', dataIndex: 'DueDate', width: 100 },
        { title: '应收', dataIndex: 'AmountMoney', width: 90, align: 'right' },
        { title: '已收', dataIndex: 'PaidMoney', width: 80, align: 'right' },
        { title: '减免', dataIndex: 'DiscountMoney', width: 80, align: 'right' },
        {
          title: '滞纳金',
          dataIndex: 'LateFeeMoney',
          width: 80,
          align: 'right',
          render: (v: string) => (v !== '0.00' ? <span style={{ color: '#cf1322' }}>{v}</span> : v),
        },
        {
          title: '逾期天数',
          dataIndex: 'OverdueDays',
          width: 80,
          render: (d: number) => (d > 0 ? <Tag color={d > 90 ? 'red' : 'orange'}>{d}天</Tag> : '—'),
        },
        {
          title: '本次缴纳',
          width: 120,
          fixed: 'right',
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
