import { trendLink } from './chart-links';
import { trendOption } from './chart-options';
import { ChartScreen } from './chart-screen';
import { EChart } from './echart';
import { last30Days } from './windows';

const byGranularity = (f: Record<string, unknown>) => (Number(f.Granularity) === 2 ? '月份' : '日期');

/** 收款趋势图: 资金收款, 费用实收, 预存充值 and 退款 by day (≤ 92 days) or month, with their averages. */
export default function MoneyCollect() {
  return (
    <ChartScreen
      chart="MoneyCollect"
      title="收款趋势图"
      window="date"
      granularity
      defaults={last30Days}
      nameTitle={byGranularity}
    >
      {(data, filters, open) => (
        <EChart option={trendOption(data, '收款趋势图')} height={380} onClick={(e) => open(trendLink(e, filters))} />
      )}
    </ChartScreen>
  );
}
