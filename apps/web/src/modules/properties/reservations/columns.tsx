import { Tag } from 'antd';
import type { CrudColumn, SearchField } from '../../../components/crud';
import { HANDOVER_STATUS_COLORS, handoverStatusOptions } from '../shared/labels';
import type { AppointmentRow } from './api';

export const appointmentColumns: CrudColumn<AppointmentRow>[] = [
  { title: '预约号', dataIndex: 'ApptNo', sorter: true, width: 150, fixed: 'left', hideable: false },
  { title: '小区', dataIndex: 'CommunityName', width: 100, defaultHidden: true },
  { title: '房间', dataIndex: 'RoomName', sorter: true, width: 140 },
  { title: '业主', dataIndex: 'OwnerName', width: 80 },
  { title: '手机', dataIndex: 'ContactMobileMask', width: 120 },
  { title: '日期', dataIndex: 'ApptDate', sorter: true, width: 110 },
  { title: '时段', dataIndex: 'Slot', sorter: true, width: 110 },
  { title: '来源', dataIndex: 'SourceName', width: 90 },
  {
    title: '状态',
    dataIndex: 'Status',
    sorter: true,
    width: 90,
    render: (s: number, r) => <Tag color={HANDOVER_STATUS_COLORS[s]}>{r.StatusName}</Tag>,
  },
  { title: '接待人', dataIndex: 'ReceptionName', width: 90 },
  { title: '原因', dataIndex: 'Reason', width: 140, ellipsis: true, defaultHidden: true },
];

export const appointmentSearch: SearchField[] = [
  { name: 'Keyword', label: '关键字', placeholder: '预约号/房间/联系人/手机', width: 190 },
  { name: 'Dates', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
  { name: 'Status', label: '状态', type: 'select', options: handoverStatusOptions, width: 110 },
];
