import { Button, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import {
  type CrudColumn,
  invalidateAfterWrite,
  ListPage,
  RowActions,
  type SearchField,
} from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { feeApi, OPTIONS, readingImport, type ReadingRow } from '../api';
import { ReadingEditDialog } from './reading-edit-dialog';

const columns: CrudColumn<ReadingRow>[] = [
  { title: '房号', dataIndex: 'RoomName', width: 140, fixed: 'left', hideable: false },
  { title: '表类型', dataIndex: 'MeterTypeName', width: 80 },
  { title: '表号', dataIndex: 'MeterNo', width: 100 },
  { title: '账期', dataIndex: 'Period', width: 90 },
  { title: '上期读数', dataIndex: 'PrevReading', width: 100, align: 'right' },
  { title: '本期读数', dataIndex: 'CurrReading', width: 100, align: 'right' },
  { title: '倍率', dataIndex: 'Multiplier', width: 70, align: 'right' },
  { title: '用量', dataIndex: 'Usage', width: 90, align: 'right' },
  { title: '抄表日期', dataIndex: 'ReadDate', width: 110 },
  { title: '状态', dataIndex: 'StateName', width: 80 },
  {
    title: '异常',
    dataIndex: 'IsAbnormal',
    width: 120,
    render: (v: boolean, r) => (v ? <Tag color="orange">用量异常（均值{r.AvgUsage}）</Tag> : ''),
  },
];

/** 抄表 (sfgl_cb): readings with 审核, 出账, 作废 and export; 录入 opens the grid of a community's meters. */
export default function MeterReadingPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const search: SearchField[] = [
    {
      name: 'CommunityId',
      label: '小区',
      type: 'select',
      options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
      width: 140,
    },
    { name: 'MeterType', label: '类型', type: 'select', options: OPTIONS.meterType, width: 100 },
    { name: 'Period', label: '账期', placeholder: 'YYYY-MM', width: 110 },
    { name: 'State', label: '状态', type: 'select', options: OPTIONS.readingState, width: 100 },
    { name: 'OnlyAbnormal', label: '仅异常', type: 'select', options: [{ value: 1, label: '是' }], width: 90 },
    { name: 'Keyword', label: '关键字', placeholder: '房号/表号' },
  ];
  const refresh = () => invalidateAfterWrite(client, 'meter-readings', 'fee-items');
  const [editing, setEditing] = useState<ReadingRow | null>(null);
  return (
    <>
      <ListPage<ReadingRow>
        resource="meter-readings"
        fetch={feeApi.readings}
        columns={columns}
        searchFields={search}
        exportCall="/MeterReading/Export"
        exportName="抄表记录"
        importConfig={readingImport}
        selectable={['approve', 'bill']}
        toolbar={(ctx) => (
          <>
            <Auth btn="add">
              <Button type="primary" onClick={() => navigate('/chargemanage/addMeterReading')}>
                录入读数
              </Button>
            </Auth>
            <Auth btn="approve">
              <Button
                disabled={!ctx.selectedRows.length}
                onClick={async () => {
                  await feeApi.approve(ctx.selectedRows.map((r) => r.Id));
                  ui.toast('success', '审核成功');
                  ctx.clearSelection();
                  await refresh();
                }}
              >
                审核
              </Button>
            </Auth>
            <Auth btn="bill">
              <Button
                disabled={!ctx.selectedRows.length}
                onClick={async () => {
                  const r = await feeApi.billReadings(ctx.selectedRows.map((x) => x.Id));
                  ui.toast(
                    r.Failed ? 'warning' : 'success',
                    `出账${r.Created}笔${r.Failed ? `，${r.Failed}条未出账：${[...new Set(r.Failures.map((f) => f.Reason))].join('、')}` : ''}`,
                  );
                  ctx.clearSelection();
                  await refresh();
                }}
              >
                出账
              </Button>
            </Auth>
          </>
        )}
        rowActions={(row) => (
          <RowActions
            row={row}
            actions={[
              {
                label: '修改',
                btn: 'edit',
                hidden: (r) => r.State !== 1,
                onClick: (r) => setEditing(r),
              },
              {
                label: '作废',
                btn: 'del',
                danger: true,
                hidden: (r) => r.State !== 1,
                onClick: async (r) => {
                  await feeApi.voidReadings([r.Id]);
                  ui.toast('success', '已作废');
                  await refresh();
                },
              },
            ]}
          />
        )}
      />
      {editing && (
        <ReadingEditDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
