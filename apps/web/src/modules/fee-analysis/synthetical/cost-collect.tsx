import { ReportPage, type ReportDefinition } from '../../fee-reports/kit';
import '../fee-analysis.css';
import { negative, placeName } from './options';

type Row = Record<string, unknown>;

/** 收费汇总表: cash basis, a row per 小区 that expands into its 楼栋. */
const def: ReportDefinition<Row> = {
  name: 'CostCollect',
  title: '收费汇总表',
  filters: ['communities', 'items', 'category', 'dates'],
  columns: [
    { title: '小区 / 楼栋', dataIndex: 'CommunityName', render: placeName, fixed: 'left' },
    { title: '笔数', dataIndex: 'PayCount' },
    { title: '当期', dataIndex: 'CurrentMoney' },
    { title: '追欠', dataIndex: 'RecoveredMoney' },
    { title: '预收', dataIndex: 'AdvanceMoney' },
    { title: '滞纳金', dataIndex: 'LateFeeMoney' },
    { title: '费用实收', dataIndex: 'FeePaidMoney', danger: (r) => negative(r.FeePaidMoney) },
    { title: '预存充值', dataIndex: 'PrepaidTopUpMoney' },
    { title: '电表充值', dataIndex: 'MeterTopUpMoney' },
    { title: '其中退款', dataIndex: 'RefundMoney' },
    { title: '预存抵扣', dataIndex: 'PrepaidUsedMoney' },
    { title: '资金收款', dataIndex: 'FundMoney', danger: (r) => negative(r.FundMoney) },
  ],
  above: () => <div className="report-note">资金收款 = 费用实收 + 预存充值 + 电表充值 − 预存抵扣</div>,
};

export default function CostCollect() {
  return <ReportPage def={def} />;
}
