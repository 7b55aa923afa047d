import { ReportPage, type ReportDefinition } from '../kit';
import { type Row, topUpTxnOptions } from '../labels';

/** 预存明细表: money into and out of prepaid accounts (充值, 多收转入, 退款, 冲正) in the 收款日期 window. */
export const yckycmx: ReportDefinition<Row> = {
  name: 'YckYcmx',
  title: '预存明细表',
  paged: true,
  filters: ['communities', 'building', 'items', 'dates'],
  labels: { items: '账户项目' },
  extra: [
    { name: 'TxnType', label: '类型', type: 'select', options: topUpTxnOptions, width: 110 },
    { name: 'AccountId', label: '账户', hidden: true },
    { name: 'RoomId', label: '房号', hidden: true },
  ],
  columns: [
    { title: '时间', dataIndex: 'EventTime', sorter: true },
    { title: '收据号/退款号', dataIndex: 'ReceiptNo', sorter: true },
    { title: '小区', dataIndex: 'CommunityName' },
    { title: '房号', dataIndex: 'RoomName', sorter: true },
    { title: '业主', dataIndex: 'OwnerName' },
    { title: '账户', dataIndex: 'AccountName' },
    { title: '类型', dataIndex: 'TxnTypeName' },
    { title: '金额', dataIndex: 'AmountMoney', sorter: true },
    { title: '方式', dataIndex: 'MethodText' },
    { title: '操作人', dataIndex: 'OperatorName' },
    { title: '变动后余额', dataIndex: 'BalanceAfterMoney' },
  ],
};

export default function YckYcmxPage() {
  return <ReportPage def={yckycmx} />;
}
