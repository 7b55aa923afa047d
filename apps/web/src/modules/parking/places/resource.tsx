import { ParkingSpaceRow, ParkingSpaceSaveBody } from '@linli/shared';
import { Tag, Tooltip } from 'antd';
import { type CrudColumn, defineResource, type Option, type SearchField } from '../../../components/crud';
import { spaceStatusOptions, spaceTypeOptions } from '../shared/options';

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'orange', 4: 'purple' };

/** 车位管理: the /ParkingSpace calls; 新增 on place/create, 编辑 on place/edit/:id. */
export const places = defineResource({
  name: 'places',
  path: '/ParkingSpace',
  row: ParkingSpaceRow,
  body: ParkingSpaceSaveBody,
  title: '车位',
  listPath: '/car/place',
  formPath: '/car/place/create',
  import: {
    name: '车位导入',
    templateCall: '/ParkingSpace/ImportTemplate',
    importCall: '/ParkingSpace/ImportPreview',
    hint: '按模板填写小区、车场、车位编号、类型、状态、业主手机、房屋、租期（xlsx，不超过5MB、5000行）。每一行按新增车位的规则检查（编号重复、车位总数、业主与房屋），上传后先预览每一行的检查结果。',
    preview: {
      previewCall: '/ParkingSpace/ImportPreview',
      commitCall: '/ParkingSpace/ImportCommit',
      statusCall: '/ParkingSpace/ImportStatus',
      errorsCall: '/ParkingSpace/ImportErrors',
      rowColumns: ['小区名称', '车场名称', '车位编号', '车位类型', '状态', '业主手机'],
      doneText: (r) => `导入成功：新增车位${r.Count ?? 0}个${r.Error ? `，${r.Error}行有误未导入` : ''}`,
    },
  },
});

export const placeColumns: CrudColumn<ParkingSpaceRow>[] = [
  { title: '车场', dataIndex: 'LotName', sorter: true, width: 110 },
  { title: '编号', dataIndex: 'SpaceNo', sorter: true, width: 100, fixed: 'left', hideable: false },
  { title: '类型', dataIndex: 'SpaceTypeName', width: 70 },
  { title: '面积', dataIndex: 'Area', width: 80, align: 'right', render: (v) => (v ? `${v} ㎡` : '') },
  {
    title: '状态',
    dataIndex: 'Status',
    sorter: true,
    width: 80,
    render: (s: number, r) => <Tag color={STATUS_COLOR[s]}>{r.StatusName}</Tag>,
  },
  { title: '业主', dataIndex: 'OwnerName', width: 90 },
  { title: '房屋', dataIndex: 'RoomText', width: 140, ellipsis: true },
  {
    title: '租期',
    dataIndex: 'RentEnd',
    width: 190,
    render: (_v, r) => (r.RentStart ? `${r.RentStart} 至 ${r.RentEnd ?? ''}` : ''),
  },
  {
    title: '绑定车辆',
    dataIndex: 'Plates',
    width: 160,
    render: (plates: string[]) =>
      plates.length ? (
        <Tooltip title={plates.join('、')}>
          <span>{plates.join('、')}</span>
        </Tooltip>
      ) : (
        ''
      ),
  },
];

export const placeSearch = (communities: Option[], lots: Option[]): SearchField[] => [
  { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 140 },
  { name: 'LotId', label: '车场', type: 'select', options: lots, width: 160 },
  { name: 'SpaceNo', label: '编号', placeholder: '车位编号', width: 130 },
  { name: 'SpaceType', label: '类型', type: 'select', options: spaceTypeOptions, width: 100 },
  { name: 'Status', label: '状态', type: 'select', options: spaceStatusOptions, width: 100 },
  { name: 'Keyword', label: '业主/车牌', placeholder: '业主姓名或车牌', width: 150 },
];
