import { Button } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../app/stores/user-store';
import { ReportPage, type ReportDefinition } from '../kit';
import { ageBandOptions, type Row } from '../labels';

const PAYCOST = '/chargemanage/paycost';

/** 收费: 收费台 with the row's room open. */
function PayButton({ row }: { row: Row }) {
  const navigate = useNavigate();
  if (!row.RoomId) return null;
  return (
    <Button type="link" size="small" onClick={() => navigate(`${PAYCOST}?roomId=${String(row.RoomId)}`)}>
      收费
    </Button>
  );
}

/** 欠缴明细表: every bill overdue on 截止日期, with its live late fee and 账龄. */
export const qjmx: ReportDefinition<Row> = {
  name: 'Qjmx',
  title: '欠缴明细表',
  paged: true,
  filters: ['communities', 'building', 'items', 'category', 'anyPeriod', 'asOf'],
  extra: [
    { name: 'Keyword', label: '房号/业主/电话', width: 150 },
    { name: 'AgeBand', label: '账龄', type: 'select', options: ageBandOptions, width: 120 },
    { name: 'MinOverdueDays', label: '最少逾期天数', type: 'number', width: 100, props: { precision: 0 } },
  ],
  columns: [
    { title: '小区', dataIndex: 'CommunityName', sorter: true },
    { title: '房号', dataIndex: 'RoomName', sorter: true },
    { title: '业主', dataIndex: 'OwnerName' },
    { title: '电话', dataIndex: 'Phone' },
    { title: '项目', dataIndex: 'ItemName', sorter: true },
    { title: '账期', dataIndex: 'Period', sorter: true },
    { title: '应缴日期', dataIndex: 'DueDate', sorter: true },
    { title: '应收', dataIndex: 'DueMoney', sorter: true },
    { title: '实收', dataIndex: 'PaidMoney', sorter: true },
    { title: '欠缴', dataIndex: 'ArrearsMoney', sorter: true },
    { title: '应计滞纳金', dataIndex: 'AccruedLateFeeMoney', sorter: true },
    { title: '逾期天数', dataIndex: 'OverdueDays', sorter: true },
    { title: '账龄', dataIndex: 'AgeBandName' },
    { title: '最近催缴', dataIndex: 'LastDunningTime' },
  ],
  actions: (row) => <PayButton row={row} />,
  actionsWidth: 80,
};

/** The 操作 column only for users who may take money at 收费台 (sfgl_jft). */
export default function QjmxPage() {
  const canPay = useUserStore((s) => !!s.info?.Access.includes('sfgl_jft'));
  const def = useMemo(() => (canPay ? qjmx : { ...qjmx, actions: undefined }), [canPay]);
  return <ReportPage def={def} />;
}
