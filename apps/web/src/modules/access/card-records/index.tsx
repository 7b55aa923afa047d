import { useQuery } from '@tanstack/react-query';
import { Image, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { type CrudColumn, ListPage } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { CARD_RECORDS, type CardRecordRow, cardRecordList, laneOptions } from '../api';
import { methodOptions, resultOptions } from '../labels';

const columns: CrudColumn<CardRecordRow>[] = [
  { title: '时间', dataIndex: 'OccurTime', width: 160, fixed: 'left', hideable: false },
  { title: '通道', dataIndex: 'LaneName', width: 110 },
  { title: '方向', dataIndex: 'DirectionName', width: 70 },
  { title: '方式', dataIndex: 'MethodName', width: 70 },
  { title: '卡号', dataIndex: 'CardNo', width: 120 },
  { title: '人员', dataIndex: 'PersonName', width: 90 },
  { title: '房屋', dataIndex: 'RoomText', width: 150, ellipsis: true },
  {
    title: '结果',
    dataIndex: 'Result',
    width: 70,
    render: (r: number, row) => <Tag color={r === 1 ? 'green' : 'red'}>{row.ResultName}</Tag>,
  },
  { title: '原因', dataIndex: 'DenyReason', width: 130, render: (d: string, r) => d || r.Remark },
  {
    title: '抓拍',
    dataIndex: 'PhotoPath',
    width: 70,
    render: (p: string) => (p ? <Image src={`/uploads/${p}`} width={40} height={40} alt="抓拍" /> : '—'),
  },
];

/** 刷卡记录 (txgl_skjl): read-only, today by default (≤93 days), export. */
export default function CardRecordListPage() {
  const [params] = useSearchParams();
  const communities = useCommunityOptions();
  const lanes = useQuery({ queryKey: [CARD_RECORDS, 'lanes'], queryFn: () => laneOptions() });
  return (
    <ListPage<CardRecordRow>
      resource={CARD_RECORDS}
      fetch={cardRecordList}
      columns={columns}
      initialFilters={{ Date: [dayjs(), dayjs()], Keyword: params.get('keyword') ?? undefined }}
      searchFields={[
        {
          name: 'CommunityId',
          label: '小区',
          type: 'select',
          options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
          width: 140,
        },
        {
          name: 'LaneId',
          label: '通道',
          type: 'select',
          options: (lanes.data ?? []).filter((l) => l.Kind === 2).map((l) => ({ value: l.Id, label: l.Name })),
          width: 130,
        },
        { name: 'Date', label: '时间', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
        { name: 'Keyword', label: '卡号/姓名', width: 130 },
        { name: 'Method', label: '方式', type: 'select', options: methodOptions, width: 100 },
        { name: 'Result', label: '结果', type: 'select', options: resultOptions, width: 100 },
      ]}
      exportCall="/CardRecord/Export"
      exportName="刷卡记录"
    />
  );
}
