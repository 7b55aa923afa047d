import { Tag, Tooltip } from 'antd';
import type { CrudColumn, Option, SearchField } from '../../../components/crud';
import type { CardRow } from '../api';
import { cardStatusOptions, cardTypeOptions, validStateOptions } from '../labels';

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'default' };

export const cardColumns: CrudColumn<CardRow>[] = [
  { title: '卡号', dataIndex: 'CardNo', width: 130, fixed: 'left', hideable: false, sorter: true },
  { title: '类型', dataIndex: 'CardTypeName', width: 80 },
  { title: '持卡人', dataIndex: 'HolderName', width: 100 },
  { title: '手机', dataIndex: 'HolderMobile', width: 120 },
  { title: '房屋', dataIndex: 'RoomText', width: 160, ellipsis: true },
  {
    title: '授权通道',
    dataIndex: 'LaneCount',
    width: 90,
    render: (n: number, r) => (
      <Tooltip title={r.LaneNames.join('、') || '无'}>
        <span style={{ cursor: 'help', textDecoration: 'underline dotted' }}>{n} 个</span>
      </Tooltip>
    ),
  },
  {
    title: '有效期',
    dataIndex: 'ValidTo',
    width: 200,
    sorter: true,
    render: (_: string, r) => (
      <>
        {r.ValidFrom} ~ {r.ValidTo}
        {r.ValidState === 2 && r.Status === 1 && (
          <Tag color="orange" style={{ marginLeft: 4 }}>
            {r.DaysLeft}天后到期
          </Tag>
        )}
      </>
    ),
  },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 120,
    render: (s: number, r) => (
      <>
        <Tag color={STATUS_COLOR[s]}>{r.StatusName}</Tag>
        {r.ValidState === 3 && s !== 3 && <Tag color="red">已过期</Tag>}
      </>
    ),
  },
  { title: '发卡时间', dataIndex: 'CreateTime', width: 150, sorter: true },
  { title: '发卡人', dataIndex: 'CreatorName', width: 90 },
  { title: '小区', dataIndex: 'CommunityName', width: 110, defaultHidden: true },
];

export const cardSearch = (communities: Option[]): SearchField[] => [
  { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 150 },
  { name: 'CardNo', label: '卡号', width: 130 },
  { name: 'Keyword', label: '持卡人/手机', width: 130 },
  { name: 'CardType', label: '类型', type: 'select', options: cardTypeOptions, width: 110 },
  { name: 'Status', label: '状态', type: 'select', options: cardStatusOptions, width: 100 },
  { name: 'ValidState', label: '有效期', type: 'select', options: validStateOptions, width: 120 },
];
