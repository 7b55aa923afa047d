import { ReportPage, type ReportDefinition } from '../kit';
import { deductSourceOptions, type Row } from '../labels';

/** 预存抵扣明细表: prepaid money spent on bills (at the desk or automatically) and its 冲正. */
export const yckdkmx: ReportDefinition<Row> = {
  name: 'YckDkmx',
  title: '预存抵扣明细表',
  paged: true,
  filters: ['communities', 'building', 'items', 'dates'],
  labels: { items: '账户项目' },
  extra: [
    { name: 'Source', label: '来源', type: 'select', options: deductSourceOptions, width: 110 },
    // Set by a 预存款汇总表 row's link: its account, or its room's accounts.
    { name: 'AccountId', label: '账户', hidden: true },
    { name: 'RoomId', label: '房号', hidden: true },
  ],
  columns: [
    { title: '时间', dataIndex: 'EventTime', sorter: true },
    { title: '房号', dataIndex: 'RoomName', sorter: true },
    { title: '业主', dataIndex: 'OwnerName' },
    { title: '账户', dataIndex: 'AccountName' },
    { title: '项目', dataIndex: 'ItemName' },
    { title: '账期', dataIndex: 'Period' },
    { title: '抵扣金额', dataIndex: 'DeductMoney', sorter: true },
    { title: '收据号', dataIndex: 'ReceiptNo', sorter: true },
    { title: '来源', dataIndex: 'SourceName' },
    { title: '变动后余额', dataIndex: 'BalanceAfterMoney' },
  ],
};

export default function YckDkmxPage() {
  return <ReportPage def={yckdkmx} />;
}
