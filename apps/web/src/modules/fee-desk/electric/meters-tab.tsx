import { Button, Typography } from 'antd';
import { Auth } from '../../../components/auth';
import { type CrudColumn, ListPage, type SearchField } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { FEE_DESK } from '../api';
import { electricApi, type ElectricMeterRow } from './api';

const columns: CrudColumn<ElectricMeterRow>[] = [
  { title: '房号', dataIndex: 'RoomName', width: 150, fixed: 'left', hideable: false },
  { title: '业主', dataIndex: 'OwnerName', width: 90 },
  { title: '表号', dataIndex: 'MeterNo', width: 100 },
  { title: '电价', dataIndex: 'UnitPrice', width: 90, align: 'right', render: (v: string) => v || '未绑定' },
  { title: '最近读数', dataIndex: 'LastReading', width: 100, align: 'right' },
  {
    title: '最近充值',
    dataIndex: 'LastRechargeMoney',
    width: 220,
    render: (v: string, r) => (v ? `¥${v}  ${r.LastRechargeTime.slice(0, 16)}  ${r.LastRechargeStateName}` : '—'),
  },
  {
    title: '估算余额',
    dataIndex: 'EstimatedBalanceMoney',
    width: 110,
    align: 'right',
    render: (v: string, r) =>
      v ? <Typography.Text type={r.LowBalance ? 'danger' : undefined}>{v}</Typography.Text> : '—',
  },
];

/** 电表: the prepaid electric meters with 电价, 最近充值 and 估算余额; 低余额 is under 20 元. */
export function MetersTab({
  onRecharge,
  onRecords,
}: {
  onRecharge(row: ElectricMeterRow): void;
  onRecords(row: ElectricMeterRow): void;
}) {
  const communities = useCommunityOptions();
  const search: SearchField[] = [
    {
      name: 'CommunityId',
      label: '小区',
      type: 'select',
      options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
      width: 140,
    },
    { name: 'Keyword', label: '关键字', placeholder: '房号/表号/业主' },
    { name: 'LowBalance', label: '低余额', type: 'checkbox', text: '低余额（<20元）' },
  ];
  return (
    <ListPage<ElectricMeterRow>
      resource={FEE_DESK}
      listName="electric-meters"
      fetch={electricApi.meters}
      columns={columns}
      searchFields={search}
      exportCall="/ElectricRecharge/MeterExport"
      exportName="预付费电表"
      heightExtra={56}
      actionsWidth={130}
      rowActions={(r) => (
        <>
          <Auth btn="topup">
            <Button type="link" size="small" disabled={!r.UnitPrice} onClick={() => onRecharge(r)}>
              充值
            </Button>
          </Auth>
          <Button type="link" size="small" onClick={() => onRecords(r)}>
            记录
          </Button>
        </>
      )}
    />
  );
}
