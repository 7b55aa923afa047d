import { Image, Tag, Tooltip } from 'antd';
import type { CrudColumn, Option, SearchField } from '../../../components/crud';
import {
  IMAGE_FALLBACK,
  optionsOf,
  REG_STATUS_COLORS,
  REG_STATUS_NAMES,
  ROLE_COLORS,
  ROLE_NAMES,
} from '../shared/labels';
import type { RegistrationRow } from './review-api';

const imgSrc = (p: string) => (/^(https?:|\/)/.test(p) ? p : `/uploads/${p}`);

/** 系统比对: green when it matches the register, orange when it conflicts, grey when nothing is known. */
const matchColor = (t: string) => (t.startsWith('与登记') ? 'green' : t.startsWith('未找到') ? 'default' : 'orange');

export const reviewColumns: CrudColumn<RegistrationRow>[] = [
  { title: '申请人', dataIndex: 'Name', width: 90, fixed: 'left', hideable: false },
  { title: '手机', dataIndex: 'Mobile', width: 120 },
  { title: '证件号', dataIndex: 'IdNo', width: 180 },
  { title: '申请房屋', dataIndex: 'RoomName', width: 200 },
  {
    title: '申请身份',
    dataIndex: 'Role',
    width: 90,
    render: (r: number) => <Tag color={ROLE_COLORS[r]}>{ROLE_NAMES[r]}</Tag>,
  },
  { title: '与业主关系', dataIndex: 'Relation', width: 100 },
  {
    title: '附件',
    dataIndex: 'Attachments',
    width: 140,
    render: (list: string[]) => (
      <Image.PreviewGroup>
        {(list ?? []).map((p) => (
          <Image
            key={p}
            src={imgSrc(p)}
            width={36}
            height={36}
            style={{ objectFit: 'cover', marginRight: 4 }}
            fallback={IMAGE_FALLBACK}
            alt="附件"
          />
        ))}
      </Image.PreviewGroup>
    ),
  },
  {
    title: '系统比对',
    dataIndex: 'Compare',
    width: 170,
    render: (t: string) => (t ? <Tag color={matchColor(t)}>{t}</Tag> : ''),
  },
  { title: '提交时间', dataIndex: 'CreateTime', width: 160, sorter: true },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 90,
    render: (s: number, r) => {
      const tag = <Tag color={REG_STATUS_COLORS[s]}>{REG_STATUS_NAMES[s]}</Tag>;
      const who = r.ReviewerName ? `${r.ReviewerName} ${r.ReviewTime ?? ''}` : '';
      const tip = [who, r.RejectReason ? `原因：${r.RejectReason}` : ''].filter(Boolean).join('，');
      return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
    },
  },
];

export const reviewSearch = (communities: Option[]): SearchField[] => [
  { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 150 },
  { name: 'Status', label: '状态', type: 'select', options: optionsOf(REG_STATUS_NAMES), width: 110 },
  { name: 'Date', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
];
