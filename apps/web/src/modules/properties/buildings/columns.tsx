import type { CrudColumn, Option, SearchField } from '../../../components/crud';
import { buildingTypeOptions } from '../shared/labels';
import type { BuildingRow } from './api';

export const buildingColumns: CrudColumn<BuildingRow>[] = [
  { title: '小区', dataIndex: 'CommunityName', width: 120 },
  { title: '名称', dataIndex: 'Name', sorter: true, width: 100, fixed: 'left', hideable: false },
  { title: '楼号', dataIndex: 'Code', sorter: true, width: 70 },
  { title: '类型', dataIndex: 'BuildingTypeName', width: 90 },
  { title: '单元数', dataIndex: 'UnitCount', width: 80, align: 'right' },
  {
    title: '地上/地下层数',
    dataIndex: 'FloorsAbove',
    sorter: true,
    width: 120,
    align: 'right',
    render: (_v: number, r) => `${r.FloorsAbove} / ${r.FloorsBelow}`,
  },
  { title: '电梯', dataIndex: 'HasLift', width: 70, render: (v: boolean) => (v ? '有' : '无') },
  { title: '房间数', dataIndex: 'RoomCount', sorter: true, width: 80, align: 'right' },
  { title: '已入住', dataIndex: 'OccupiedCount', sorter: true, width: 80, align: 'right' },
];

export function buildingSearch(communities: Option[]): SearchField[] {
  return [
    { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 150 },
    { name: 'Keyword', label: '关键字', placeholder: '楼宇名称/楼号', width: 150 },
    { name: 'BuildingType', label: '类型', type: 'select', options: buildingTypeOptions, width: 120 },
  ];
}
