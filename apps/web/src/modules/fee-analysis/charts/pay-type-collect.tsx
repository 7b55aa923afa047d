import { Col, Row, Statistic } from 'antd';
import { pieSeries } from './chart-data';
import { moneyText } from './chart-format';
import { payTypeLink } from './chart-links';
import { donutOption, stackedMonthsOption } from './chart-options';
import { ChartScreen } from './chart-screen';
import { EChart } from './echart';
import { monthToDate } from './windows';

/** 收款方式构成图: the window's tenders by method (预存款抵扣 included) and 12 months × method stacked. */
export default function PayTypeCollect() {
  return (
    <ChartScreen
      chart="PayTypeCollect"
      title="收款方式构成图"
      window="date"
      defaults={monthToDate}
      nameTitle="收款方式"
    >
      {(data, filters, open) => {
        const pie = pieSeries(data)[0];
        return (
          <>
            <Row gutter={24}>
              <Col>
                <Statistic title="净额合计" value={moneyText(data.Kpis.NetMoney)} />
              </Col>
              <Col>
                <Statistic title="资金合计（不含预存款抵扣）" value={moneyText(data.Kpis.FundMoney)} />
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={24} xl={9}>
                <EChart
                  option={donutOption(pie?.Data ?? [], pie?.Name ?? '收款方式')}
                  height={360}
                  onClick={(e) => open(payTypeLink({ ...e, seriesType: 'pie' }, filters))}
                />
              </Col>
              <Col xs={24} xl={15}>
                <EChart
                  option={stackedMonthsOption(data, '收款方式月度构成')}
                  height={360}
                  onClick={(e) => open(payTypeLink(e, filters))}
                />
              </Col>
            </Row>
          </>
        );
      }}
    </ChartScreen>
  );
}
