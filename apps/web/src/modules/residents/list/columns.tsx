import { Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { CrudColumn, Option, SearchField } from '../../../components/crud';
import {
  GENDER_NAMES,
  optionsOf,
  ROLE_COLORS,
  ROLE_NAMES,
  roleOptions,
  SOURCE_NAMES,
  STATUS_NAMES,
} from '../shared/labels';
import { leaseState } from '../shared/resident-logic';
import type { ResidentRow } from './api';

/** 业主 / 家属 / 租户 tags, one per active link (codes or the server's {Role} objects). */
export const RoleTags = ({ roles }: { roles: readonly (number | { Role: number })[] }) => (
  <Space size={2} wrap>
    {roles
      .map((x) => (typeof x === 'number' ? x : x.Role))
      .map((r, i) => (
        <Tag key={`${r}-${i}`} color={ROLE_COLORS[r]}>
          {ROLE_NAMES[r]}
        </Tag>
      ))}
  </Space>
);

/** 租约到期: red within 30 days, 已到期 once past. */
export function LeaseEnd({ value }: { value: string | null | undefined }) {
  const state = leaseState(value, dayjs().format('YYYY-MM-DD'));
  if (state === 'none') return null;
  if (state === 'expired')
    return (
      <span>
        {value} <Tag color="red">已到期</Tag>
      </span>
    );
  return <span style={state === 'soon' ? { color: '#ff4d4f', fontWeight: 600 } : undefined}>{value}</span>;
}

const rooms = (r: ResidentRow) =>
  !r.RoomText ? (
    ''
  ) : (
    <Tooltip title={(r.Rooms ?? []).map((l) => `${l.CommunityName ?? ''} ${l.RoomName}`).join('、')}>
      <span>
        {r.RoomText}
        {r.RoomMore > 0 && <Tag style={{ marginLeft: 4 }}>+{r.RoomMore}</Tag>}
      </span>
    </Tooltip>
  );

export const residentColumns: CrudColumn<ResidentRow>[] = [
  { title: '姓名', dataIndex: 'Name', width: 100, fixed: 'left', hideable: false },
  { title: '性别', dataIndex: 'Gender', width: 60, render: (g: number) => GENDER_NAMES[g] ?? '' },
  { title: '手机', dataIndex: 'Mobile', width: 120 },
  { title: '证件号', dataIndex: 'IdNo', width: 180 },
  { title: '身份', dataIndex: 'Roles', width: 130, render: (r: ResidentRow['Roles']) => <RoleTags roles={r ?? []} /> },
  { title: '房屋', dataIndex: 'RoomText', width: 240, render: (_: string, r) => rooms(r) },
  { title: '入住日期', dataIndex: 'MoveInDate', width: 110 },
  { title: '租约到期', dataIndex: 'LeaseEnd', width: 150, render: (v: string) => <LeaseEnd value={v} /> },
  {
    title: '标签',
    dataIndex: 'Tags',
    width: 150,
    render: (tags: ResidentRow['Tags']) =>
      (tags ?? []).map((t) => (
        <Tag key={t.Id} color={t.Color || undefined}>
          {t.Name}
        </Tag>
      )),
  },
  {
    title: '人脸',
    dataIndex: 'HasFace',
    width: 80,
    render: (v: number | boolean) => (v ? <Tag color="green">已录入</Tag> : <Tag>未录入</Tag>),
  },
  { title: '来源', dataIndex: 'Source', width: 80, render: (s: number) => SOURCE_NAMES[s] ?? '' },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 80,
    render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{STATUS_NAMES[s]}</Tag>,
  },
];

/** Filters beside the 小区/楼宇 picker; 标签 options come from /ResidentTag/List. */
export const residentSearch = (tags: Option[]): SearchField[] => [
  { name: 'RoomKey', label: '房号', width: 110 },
  { name: 'Name', label: '姓名', width: 110 },
  { name: 'Mobile', label: '手机', width: 130 },
  { name: 'IdNo', label: '证件号', width: 170 },
  { name: 'Role', label: '身份', type: 'select', options: roleOptions, width: 100 },
  { name: 'TagId', label: '标签', type: 'select', options: tags, width: 120 },
  { name: 'Status', label: '状态', type: 'select', options: optionsOf(STATUS_NAMES), width: 100 },
  { name: 'LeaseExpiring', label: '租约', type: 'checkbox', text: '租约30天内到期' },
];
