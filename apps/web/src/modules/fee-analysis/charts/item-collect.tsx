import { itemLink } from './chart-links';
import { nestedPieOption } from './chart-options';
import { ChartScreen } from './chart-screen';
import { EChart } from './echart';
import { monthToDate } from './windows';

/** 收费项目构成图: 费用实收 of the window, inner ring by 类别, outer by item (top 8 + 其他). */
export default function ItemCollect() {
  return (
    <ChartScreen chart="ItemCollect" title="收费项目构成图" window="date" defaults={monthToDate} nameTitle="项目">
      {(data, filters, open) => (
        <EChart
          option={nestedPieOption(data, '收费项目构成图')}
          height={400}
          onClick={(e) => open(itemLink(e, filters, data))}
        />
      )}
    </ChartScreen>
  );
}
