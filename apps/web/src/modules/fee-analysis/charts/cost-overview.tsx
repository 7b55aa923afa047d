import { Card, Col, Row, Statistic } from 'antd';
import { pieSeries } from './chart-data';
import { moneyText, rateText } from './chart-format';
import { overviewLink } from './chart-links';
import { barLineOption, donutOption } from './chart-options';
import { ChartScreen } from './chart-screen';
import { EChart } from './echart';
import { noWindow } from './windows';

const KPIS: { field: string; title: string; rate?: boolean }[] = [
  { field: 'PeriodDueMoney', title: '本月应收' },
  { field: 'PeriodPaidMoney', title: '本月实收' },
  { field: 'CollectRate', title: '收费率', rate: true },
  { field: 'RoomRate', title: '户收费率', rate: true },
  { field: 'ArrearsMoney', title: '累计欠缴' },
  { field: 'TodayFundMoney', title: '今日资金收款' },
];

/** 收费概览: KPI cards, 12 months of 应收/实收 bars with the 收费率 line, and 欠缴 by 账龄 as a donut. */
export default function CostOverview() {
  return (
    <ChartScreen chart="CostOverview" title="收费概览" window="none" defaults={noWindow} nameTitle="月份">
      {(data, filters, open) => {
        const ages = pieSeries(data)[0];
        return (
          <>
            <Row gutter={[12, 12]}>
              {KPIS.map((k) => (
                <Col key={k.field} xs={12} md={8} xl={4}>
                  <Card size="small" className="fee-kpi">
                    <Statistic
                      title={k.title}
                      value={k.rate ? rateText(data.Kpis[k.field]) : moneyText(data.Kpis[k.field])}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
            <Row gutter={12} style={{ marginTop: 12 }}>
              <Col xs={24} xl={15}>
                <EChart
                  option={barLineOption(data, '收费概览')}
                  height={340}
                  onClick={(e) => open(overviewLink(e, filters))}
                />
              </Col>
              <Col xs={24} xl={9}>
                <EChart
                  option={donutOption(ages?.Data ?? [], ages?.Name ?? '欠缴账龄')}
                  height={340}
                  onClick={(e) => open(overviewLink({ ...e, seriesType: 'pie' }, filters))}
                />
              </Col>
            </Row>
          </>
        );
      }}
    </ChartScreen>
  );
}
