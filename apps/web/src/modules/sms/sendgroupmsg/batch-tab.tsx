import type { SmsBatchRow } from '@linli/shared';
import { Tag } from 'antd';
import { useNavigate } from 'react-router';
import { type CrudColumn, ListPage, RowActions, type SearchField } from '../../../components/crud';
import { SMS, smsApi } from '../shared/api';
import { batchStateOptions, stateColor } from '../shared/labels';

const columns: CrudColumn<SmsBatchRow>[] = [
  { title: '批次号', dataIndex: 'BatchNo', width: 190, fixed: 'left', hideable: false },
  { title: '模板', dataIndex: 'TemplateName', width: 110 },
  { title: '签名', dataIndex: 'SignName', width: 100 },
  { title: '接收对象', dataIndex: 'TargetName', width: 160, ellipsis: true },
  { title: '计划时间', dataIndex: 'SendAt', width: 160 },
  { title: '人数', dataIndex: 'Total', width: 80, align: 'right' },
  { title: '条数', dataIndex: 'Segments', width: 80, align: 'right' },
  {
    title: '成功/失败/发送中',
    key: 'counts',
    width: 140,
    render: (_v, r) => `${r.Success} / ${r.Failed} / ${r.Sending}`,
  },
  {
    title: '状态',
    dataIndex: 'StateName',
    width: 90,
    render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag>,
  },
  { title: '创建人', dataIndex: 'CreatorName', width: 100 },
  { title: '创建时间', dataIndex: 'CreateTime', width: 160, defaultHidden: true },
];

const search: SearchField[] = [
  { name: 'BatchNo', label: '批次号' },
  { name: 'State', label: '状态', type: 'select', options: batchStateOptions, width: 120 },
  { name: 'Dates', label: '计划日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
];

/** 群发任务: batches with their progress; 明细 opens 发送记录 of the batch, 取消 a 待发送 one (refunded). */
export function BatchTab() {
  const navigate = useNavigate();
  return (
    <ListPage<SmsBatchRow>
      resource={SMS}
      listName="batches"
      fetch={smsApi.batchList}
      columns={columns}
      searchFields={search}
      exportCall="/Sms/BatchExport"
      exportName="短信群发任务"
      heightExtra={150}
      actionsWidth={120}
      rowActions={(row, ctx) => (
        <RowActions
          row={row}
          actions={[
            { label: '明细', onClick: (r) => navigate(`/sms/sendreclist?batchNo=${r.BatchNo}`) },
            {
              label: '取消发送',
              btn: 'cancel',
              danger: true,
              confirm: (r) => `确定取消批次「${r.BatchNo}」吗？已扣的条数将退回。`,
              hidden: (r) => r.State !== 1,
              onClick: async (r) => {
                await smsApi.batchCancel(r.Id);
                await ctx.refresh();
              },
            },
          ]}
        />
      )}
    />
  );
}
