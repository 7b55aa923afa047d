import type { SmsRecordRow } from '@linli/shared';
import { Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { type CrudColumn, ListPage, RowActions, type SearchField } from '../../../components/crud';
import { SMS, smsApi } from '../shared/api';
import { recordStateOptions, sourceOptions, stateColor } from '../shared/labels';

const columns: CrudColumn<SmsRecordRow>[] = [
  { title: '手机号', dataIndex: 'Phone', width: 120, fixed: 'left', hideable: false },
  { title: '接收人', dataIndex: 'Name', width: 90 },
  {
    title: '内容',
    dataIndex: 'Content',
    width: 320,
    render: (c: string) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c }} style={{ marginBottom: 0 }}>
        {c}
      </Typography.Paragraph>
    ),
  },
  { title: '条数', dataIndex: 'Segments', width: 60, align: 'right' },
  { title: '来源', dataIndex: 'SourceName', width: 90 },
  { title: '批次号', dataIndex: 'BatchNo', width: 190 },
  { title: '发送时间', dataIndex: 'SendTime', width: 160 },
  {
    title: '状态',
    dataIndex: 'StateName',
    width: 80,
    render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag>,
  },
  { title: '失败原因', dataIndex: 'FailReason', width: 110 },
  { title: '回执时间', dataIndex: 'ReportTime', width: 160 },
  { title: '通道', dataIndex: 'Provider', width: 90 },
  { title: '服务商ID', dataIndex: 'BizId', width: 140, defaultHidden: true },
];

const search: SearchField[] = [
  { name: 'Phone', label: '手机号', width: 150 },
  { name: 'State', label: '状态', type: 'select', options: recordStateOptions, width: 110 },
  { name: 'Source', label: '来源', type: 'select', options: sourceOptions, width: 120 },
  { name: 'BatchNo', label: '批次号', width: 200 },
  { name: 'Dates', label: '发送日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
];

/** 发送记录 (dxgl_fsjl): one row per recipient; 重发 a 失败 one (a new, charged record). */
export default function SendRecordPage() {
  const [params] = useSearchParams();
  const batchNo = params.get('batchNo') ?? undefined;
  return (
    <ListPage<SmsRecordRow>
      key={batchNo ?? ''}
      resource={SMS}
      listName="records"
      fetch={smsApi.records}
      columns={columns}
      searchFields={search}
      initialFilters={batchNo ? { BatchNo: batchNo } : undefined}
      exportCall="/SmsRecord/Export"
      exportName="短信发送记录"
      actionsWidth={80}
      rowActions={(row, ctx) => (
        <RowActions
          row={row}
          actions={[
            {
              label: '重发',
              btn: 'resend',
              confirm: (r) => `确定向 ${r.Phone} 重发这条短信吗？将重新扣除 ${r.Segments} 条。`,
              hidden: (r) => r.State !== 3,
              onClick: async (r) => {
                await smsApi.resend(r.Id);
                await ctx.refresh();
              },
            },
          ]}
        />
      )}
    />
  );
}
