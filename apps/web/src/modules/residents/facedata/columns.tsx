import { Image, Tag } from 'antd';
import type { CrudColumn, Option, SearchField } from '../../../components/crud';
import { FACE_SOURCE_NAMES, IMAGE_FALLBACK, optionsOf, ROLE_NAMES, SYNC_STATE_NAMES } from '../shared/labels';
import { syncSummary } from '../shared/resident-logic';
import { RoleTags } from '../list/columns';
import type { FaceRow } from './api';

const roleCode = (name: string) => Number(Object.keys(ROLE_NAMES).find((k) => ROLE_NAMES[Number(k)] === name) ?? 0);

export const SyncCell = ({ row }: { row: FaceRow }) => {
  if (!row.Id) return <Tag>未录入</Tag>;
  const s = syncSummary({ done: row.SyncDone, total: row.SyncTotal, failed: row.SyncFailed, pending: row.SyncPending });
  return <Tag color={s.color}>{s.text}</Tag>;
};

export const faceColumns: CrudColumn<FaceRow>[] = [
  {
    title: '照片',
    dataIndex: 'ImgPath',
    width: 72,
    hideable: false,
    render: (src: string, r) =>
      r.Id ? (
        <Image
          src={src}
          fallback={IMAGE_FALLBACK}
          width={48}
          height={48}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          alt={`${r.Name}的人脸照片`}
        />
      ) : (
        <span style={{ color: '#999' }}>无</span>
      ),
  },
  { title: '姓名', dataIndex: 'Name', width: 100 },
  {
    title: '身份',
    dataIndex: 'Roles',
    width: 120,
    render: (r: string[]) => <RoleTags roles={(r ?? []).map(roleCode)} />,
  },
  { title: '手机', dataIndex: 'Mobile', width: 115 },
  {
    title: '房屋',
    dataIndex: 'RoomText',
    width: 200,
    render: (t: string, r) => (r.RoomMore > 0 ? `${t} +${r.RoomMore}` : t),
  },
  // 采集方式 and 最近同步 start hidden (列设置 shows them): 同步 must fit 1440 px without scrolling.
  {
    title: '采集方式',
    dataIndex: 'Source',
    width: 90,
    defaultHidden: true,
    render: (s: number) => FACE_SOURCE_NAMES[s] ?? '',
  },
  { title: '上传时间', dataIndex: 'UploadTime', width: 150 },
  { title: '同步', dataIndex: 'SyncDone', key: 'Sync', width: 120, render: (_: number, r) => <SyncCell row={r} /> },
  { title: '最近同步', dataIndex: 'LastSyncTime', width: 150, defaultHidden: true },
];

export const faceSearch = (communities: Option[], lanes: Option[]): SearchField[] => [
  { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 150 },
  { name: 'Keyword', label: '姓名/手机', width: 140 },
  { name: 'SyncState', label: '同步状态', type: 'select', options: optionsOf(SYNC_STATE_NAMES), width: 110 },
  { name: 'LaneId', label: '设备', type: 'select', options: lanes, width: 150 },
  {
    name: 'HasFace',
    label: '是否录入',
    type: 'select',
    options: [
      { value: 1, label: '已录入' },
      { value: 0, label: '未录入' },
    ],
    width: 110,
  },
];
