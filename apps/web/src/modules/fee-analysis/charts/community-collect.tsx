import { communityLink } from './chart-links';
import { communityOption } from './chart-options';
import { ChartScreen } from './chart-screen';
import { EChart } from './echart';
import { thisYearPeriods } from './windows';

/** 小区收费对比图: 应收 vs 实收 per 小区 for an 账期 window, labelled with 收费率, sorted by it. */
export default function CommunityCollect() {
  return (
    <ChartScreen
      chart="CommunityCollect"
      title="小区收费对比图"
      window="period"
      defaults={thisYearPeriods}
      nameTitle="小区"
    >
      {(data, filters, open) => (
        <EChart
          option={communityOption(data, '小区收费对比图')}
          height={Math.max(320, data.Categories.length * 56 + 80)}
          onClick={(e) => open(communityLink(e, filters, data))}
        />
      )}
    </ChartScreen>
  );
}
