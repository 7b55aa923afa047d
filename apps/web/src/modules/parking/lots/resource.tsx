import { ParkingLotRow, ParkingLotSaveBody } from '@linli/shared';
import { Tag } from 'antd';
import { type CrudColumn, defineResource, type SearchField } from '../../../components/crud';

/** 车场管理: the /ParkingLot calls; lots are edited in a drawer on the list. */
export const lots = defineResource({
  name: 'lots',
  path: '/ParkingLot',
  row: ParkingLotRow,
  body: ParkingLotSaveBody,
  title: '车场',
  listPath: '/car/parking',
});

export const lotColumns: CrudColumn<ParkingLotRow>[] = [
  { title: '小区', dataIndex: 'CommunityName', width: 100 },
  { title: '名称', dataIndex: 'Name', sorter: true, width: 110, fixed: 'left', hideable: false },
  { title: '类型', dataIndex: 'LotTypeName', width: 60 },
  { title: '车位总数', dataIndex: 'SpaceCount', sorter: true, width: 96, align: 'right' },
  {
    title: '已录入/已售/已租/空闲',
    dataIndex: 'EnteredCount',
    width: 160,
    render: (_v, r) => `${r.EnteredCount} / ${r.SoldCount} / ${r.RentedCount} / ${r.FreeCount}`,
  },
  { title: '在场车辆', dataIndex: 'InLotCount', sorter: true, width: 90, align: 'right' },
  { title: '车道数', dataIndex: 'LaneCount', width: 70, align: 'right' },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 70,
    render: (s, r) => <Tag color={s === 1 ? 'green' : 'default'}>{r.StatusName}</Tag>,
  },
  // The whole tariff, wrapped (domain: 临停标准 is shown as text); never cut off by an ellipsis.
  { title: '临停标准', dataIndex: 'TariffText', width: 250 },
];

export const lotSearch = (communities: { value: number; label: string }[]): SearchField[] => [
  { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 150 },
  { name: 'Name', label: '名称', placeholder: '车场名称' },
];
