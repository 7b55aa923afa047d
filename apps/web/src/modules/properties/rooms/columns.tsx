import { StatusTag } from '../../../components/status-tag';
import type { CrudColumn, SearchField } from '../../../components/crud';
import { ROOM_STATUS_COLORS, roomStatusOptions, roomTypeOptions } from '../shared/labels';
import type { RoomRow } from './api';

export const RoomStatusTag = ({ status, name }: { status: number; name: string }) => (
  <StatusTag color={ROOM_STATUS_COLORS[status] ?? ROOM_STATUS_COLORS[0]}>{name}</StatusTag>
);

export const roomColumns: CrudColumn<RoomRow>[] = [
  { title: '房间', dataIndex: 'FullName', sorter: true, width: 150, fixed: 'left', hideable: false },
  // Two communities may both have a 1栋-1单元-102: the 小区 tells them apart.
  { title: '小区', dataIndex: 'CommunityName', width: 110 },
  { title: '楼层', dataIndex: 'Floor', sorter: true, width: 70, align: 'right' },
  { title: '类型', dataIndex: 'RoomTypeName', width: 70 },
  // 户型, 仪表 and 交房日期 start hidden (列设置 shows them): 状态 and 住户数 must fit 1440 px without scrolling.
  { title: '户型', dataIndex: 'Layout', width: 100, defaultHidden: true },
  {
    title: '建筑/套内面积',
    dataIndex: 'BuildArea',
    sorter: true,
    width: 130,
    align: 'right',
    render: (_v: string, r) => `${r.BuildArea} / ${r.InnerArea || '-'}`,
  },
  { title: '收费系数', dataIndex: 'FeeCoefficient', sorter: true, width: 90, align: 'right' },
  {
    title: '状态',
    dataIndex: 'Status',
    sorter: true,
    width: 90,
    render: (s: number, r) => <RoomStatusTag status={s} name={r.StatusName} />,
  },
  {
    title: '业主',
    dataIndex: 'OwnerName',
    width: 140,
    render: (name: string, r) => (name ? `${name} ${r.OwnerMobile}` : ''),
  },
  { title: '住户数', dataIndex: 'ResidentCount', width: 80, align: 'right' },
  { title: '仪表', dataIndex: 'MeterCount', width: 70, align: 'right', defaultHidden: true },
  { title: '交房日期', dataIndex: 'HandoverDate', sorter: true, width: 110, defaultHidden: true },
];

export const roomSearch: SearchField[] = [
  { name: 'Floor', label: '楼层', type: 'number', width: 90 },
  { name: 'RoomNo', label: '房号', width: 110 },
  { name: 'RoomType', label: '类型', type: 'select', options: roomTypeOptions, width: 110 },
  { name: 'Status', label: '状态', type: 'select', options: roomStatusOptions, width: 110 },
  { name: 'OwnerKey', label: '业主', placeholder: '姓名/手机', width: 130 },
  {
    name: 'HasOwner',
    label: '有无业主',
    type: 'select',
    options: [
      { value: 1, label: '有业主' },
      { value: 0, label: '无业主' },
    ],
    width: 110,
  },
];
