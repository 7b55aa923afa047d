import { ReportPage, type ReportDefinition } from '../kit';
import { billStateOptions, payerTypeOptions, type Row } from '../labels';

/** 应缴明细表: one row per bill with BillMonth in the 账期 window, its money as of the window's end. */
export const yjmx: ReportDefinition<Row> = {
  name: 'Yjmx',
  title: '应缴明细表',
  paged: true,
  filters: ['communities', 'building', 'items', 'category', 'period'],
  extra: [
    { name: 'Keyword', label: '房号/业主', width: 150 },
    { name: 'State', label: '状态', type: 'select', options: billStateOptions, width: 110 },
    { name: 'PayerType', label: '对象类型', type: 'select', options: payerTypeOptions, width: 110 },
  ],
  columns: [
    { title: '小区', dataIndex: 'CommunityName', sorter: true },
    { title: '楼栋', dataIndex: 'BuildingName' },
    { title: '房号/车位/车牌', dataIndex: 'RoomName', sorter: true },
    { title: '业主', dataIndex: 'OwnerName' },
    { title: '项目', dataIndex: 'ItemName', sorter: true },
    { title: '标准', dataIndex: 'StandardName' },
    { title: '账期', dataIndex: 'Period', sorter: true },
    {
      title: '计费起止',
      key: 'PeriodRange',
      render: (_: unknown, r: Row) => (r.PeriodStart ? `${String(r.PeriodStart)} ~ ${String(r.PeriodEnd ?? '')}` : ''),
    },
    { title: '数量', dataIndex: 'Quantity', align: 'right' },
    { title: '单价', dataIndex: 'UnitPrice', align: 'right' },
    { title: '计费', dataIndex: 'AmountMoney', sorter: true },
    { title: '优惠', dataIndex: 'DiscountMoney', sorter: true },
    { title: '应收', dataIndex: 'DueMoney', sorter: true },
    { title: '实收', dataIndex: 'PaidMoney', sorter: true },
    { title: '滞纳金', dataIndex: 'LateFeeMoney', sorter: true },
    { title: '未收', dataIndex: 'UnpaidMoney', sorter: true },
    { title: '应缴日期', dataIndex: 'DueDate', sorter: true },
    { title: '状态', dataIndex: 'StateName' },
    { title: '出账时间', dataIndex: 'BillTime', sorter: true },
  ],
};

export default function YjmxPage() {
  return <ReportPage def={yjmx} />;
}
