import { CommunityRow, CommunitySaveBody } from '@linli/shared';
import { Tag } from 'antd';
import { type CrudColumn, defineResource, type SearchField } from '../../../components/crud';
import { enabledOptions } from '../shared/labels';

/** 小区管理: the /Community calls; a save also refreshes the desk's figures (the pickers live under 'communities'). */
export const communities = defineResource({
  name: 'communities',
  path: '/Community',
  row: CommunityRow,
  body: CommunitySaveBody,
  title: '小区',
  listPath: '/housemanage/communitylist',
  formPath: '/housemanage/communityaddedit',
});

export const communityColumns: CrudColumn<CommunityRow>[] = [
  { title: '名称', dataIndex: 'Name', sorter: true, width: 140, fixed: 'left', hideable: false },
  { title: '编码', dataIndex: 'Code', sorter: true, width: 90 },
  { title: '地区', dataIndex: 'District', width: 180, render: (_d, r) => `${r.Province}${r.City}${r.District}` },
  { title: '地址', dataIndex: 'Address', width: 200, ellipsis: true },
  { title: '建筑面积', dataIndex: 'BuildArea', sorter: true, width: 110, align: 'right' },
  { title: '楼宇数', dataIndex: 'BuildingCount', sorter: true, width: 80, align: 'right' },
  { title: '房间数', dataIndex: 'RoomCount', sorter: true, width: 80, align: 'right' },
  { title: '入住率', dataIndex: 'OccupancyRate', sorter: true, width: 90, align: 'right', render: (v) => `${v}%` },
  { title: '服务电话', dataIndex: 'ServicePhone', width: 130 },
  {
    title: '状态',
    dataIndex: 'Status',
    sorter: true,
    width: 80,
    render: (s) => <Tag color={s === 1 ? 'green' : 'default'}>{s === 1 ? '启用' : '停用'}</Tag>,
  },
];

export const communitySearch: SearchField[] = [
  { name: 'Keyword', label: '关键字', placeholder: '名称/编码/地址' },
  { name: 'District', label: '地区', placeholder: '区县，如 西湖区', width: 150 },
  { name: 'Status', label: '状态', type: 'select', options: enabledOptions, width: 110 },
];
