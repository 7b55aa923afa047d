import { Radio, Space } from 'antd';
import '../fee-analysis.css';
import { useMemo, useState } from 'react';
import { cellText, ReportPage, type ReportColumn, type ReportDefinition } from '../../fee-reports/kit';
import { negative } from './options';

type Row = Record<string, unknown>;

const byMethod: ReportColumn<Row>[] = [
  { title: '收款方式', dataIndex: 'MethodName', fixed: 'left' },
  { title: '笔数', dataIndex: 'PayCount' },
  { title: '收款', dataIndex: 'ReceivedMoney' },
  { title: '退款', dataIndex: 'RefundMoney' },
  { title: '净额', dataIndex: 'NetMoney', danger: (r) => negative(r.NetMoney) },
  { title: '占比', dataIndex: 'Share' },
];

const methodFields: ReportColumn<Row>[] = [
  { title: '现金', dataIndex: 'CashMoney' },
  { title: '微信', dataIndex: 'WechatMoney' },
  { title: '支付宝', dataIndex: 'AlipayMoney' },
  { title: 'POS刷卡', dataIndex: 'PosMoney' },
  { title: '银行转账', dataIndex: 'BankMoney' },
  { title: '预存款抵扣', dataIndex: 'PrepaidUsedMoney' },
  { title: '合计', dataIndex: 'TotalMoney' },
  { title: '资金合计', dataIndex: 'FundMoney' },
];

/** 透视 1 小区 / 2 日期 turns the six methods into columns; 0 lists one row per method. */
export function methodColumns(pivot: number): ReportColumn<Row>[] {
  if (pivot === 1) return [{ title: '小区', dataIndex: 'CommunityName', fixed: 'left' }, ...methodFields];
  if (pivot === 2) return [{ title: '日期', dataIndex: 'Date', fixed: 'left' }, ...methodFields];
  return byMethod;
}

const PIVOTS = [
  { value: 0, label: '按收款方式' },
  { value: 1, label: '透视：小区' },
  { value: 2, label: '透视：日期' },
];

/**
 * 收款方式汇总表: the window's tenders by method (预存款抵扣 included); 合计 and 资金合计 (without 预存款抵扣) come from
 * the Sum call. 透视 switches at once, keeping the other filters.
 */
export default function PaymentMethodCollect() {
  const [pivot, setPivot] = useState(0);
  const def = useMemo<ReportDefinition<Row>>(
    () => ({
      name: 'PaymentMethodCollect',
      title: '收款方式汇总表',
      filters: ['communities', 'dates'],
      fixed: { Pivot: pivot },
      columns: methodColumns(pivot),
      toolbar: () => (
        <Radio.Group
          aria-label="透视"
          optionType="button"
          options={PIVOTS}
          value={pivot}
          onChange={(e) => setPivot(Number(e.target.value))}
        />
      ),
      above: ({ sum }) =>
        sum ? (
          <Space size="large" className="report-note" style={{ marginBottom: 8 }}>
            <span>
              合计：<strong data-testid="pmc-total">{cellText('money', sum.NetMoney ?? sum.TotalMoney)}</strong>
            </span>
            <span>
              资金合计（不含预存款抵扣）：<strong data-testid="pmc-fund">{cellText('money', sum.FundMoney)}</strong>
            </span>
          </Space>
        ) : null,
    }),
    [pivot],
  );
  return <ReportPage def={def} />;
}
