import { Space } from 'antd';
import '../fee-analysis.css';
import { ReportPage, type ReportDefinition } from '../../fee-reports/kit';
import { placeName } from './options';
import { rateTone } from './tones';

type Row = Record<string, unknown>;

/**
 * 收费率统计表: accrual basis over an 账期 window, a row per 小区 that expands into its 楼栋; rates coloured in the
 * rows and the 合计 alike.
 */
export const rateCollect: ReportDefinition<Row> = {
  name: 'RateCollect',
  title: '收费率统计表',
  filters: ['communities', 'items', 'category', 'period'],
  columns: [
    { title: '小区 / 楼栋', dataIndex: 'CommunityName', render: placeName, fixed: 'left' },
    { title: '收费户数', dataIndex: 'ChargeRooms' },
    { title: '已缴户数', dataIndex: 'PaidRooms' },
    { title: '户收费率', dataIndex: 'RoomRate', tone: rateTone },
    { title: '当期应收', dataIndex: 'PeriodDueMoney' },
    { title: '当期实收', dataIndex: 'PeriodPaidMoney' },
    { title: '收费率', dataIndex: 'CollectRate', tone: rateTone },
    { title: '期初欠费', dataIndex: 'OpeningArrearsMoney' },
    { title: '欠费追回', dataIndex: 'RecoveredMoney' },
    { title: '期末历史欠费', dataIndex: 'ClosingArrearsMoney' },
    { title: '清缴率', dataIndex: 'RecoveryRate', tone: rateTone },
  ],
  above: () => (
    <Space className="report-note">
      收费率：<span style={{ color: rateTone(0.5) }}>低于80%</span>
      <span style={{ color: rateTone(0.9) }}>80%–95%</span>
      <span style={{ color: rateTone(1) }}>95%及以上</span>
    </Space>
  ),
};

export default function RateCollect() {
  return <ReportPage def={rateCollect} />;
}
