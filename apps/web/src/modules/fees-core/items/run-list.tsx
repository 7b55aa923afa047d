import { Progress, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ui } from '../../../app/ui-bridge';
import {
  type CrudColumn,
  invalidateAfterWrite,
  ListPage,
  RowActions,
  type SearchField,
} from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { feeApi, OPTIONS, type RunRow } from '../api';

const stateColor: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error', 5: 'default' };

const columns: CrudColumn<RunRow>[] = [
  { title: '批次', dataIndex: 'Id', width: 70 },
  { title: '小区', dataIndex: 'CommunityName', width: 110 },
  { title: '收费标准', dataIndex: 'StandardNames', width: 180, ellipsis: true },
  {
    title: '账期',
    dataIndex: 'PeriodFrom',
    width: 150,
    render: (_v, r) => (r.PeriodFrom === r.PeriodTo ? r.PeriodFrom : `${r.PeriodFrom} 至 ${r.PeriodTo}`),
  },
  { title: '来源', dataIndex: 'SourceName', width: 90 },
  {
    title: '进度',
    dataIndex: 'Done',
    width: 180,
    render: (_v, r) => (
      <Progress
        percent={r.Total ? Math.floor((r.Done * 100) / r.Total) : r.State === 3 ? 100 : 0}
        size="small"
        status={r.State === 4 ? 'exception' : r.State === 3 ? 'success' : 'active'}
      />
    ),
  },
  {
    title: '状态',
    dataIndex: 'StateName',
    width: 90,
    render: (v: string, r) => <Tag color={stateColor[r.State]}>{v}</Tag>,
  },
  { title: '生成', dataIndex: 'Created', width: 80, align: 'right' },
  { title: '已存在', dataIndex: 'Skipped', width: 80, align: 'right' },
  { title: '无法计费', dataIndex: 'Failed', width: 90, align: 'right' },
  { title: '金额', dataIndex: 'AmountMoney', width: 120, align: 'right' },
  { title: '操作人', dataIndex: 'CreatorName', width: 90 },
  { title: '时间', dataIndex: 'CreateTime', width: 160 },
];

/** 出账记录: every run with its progress; a running one refreshes itself; 撤销本批 until a bill of it is paid. */
export function RunList() {
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
    { name: 'State', label: '状态', type: 'select', options: OPTIONS.runState, width: 110 },
  ];
  return (
    <ListPage<RunRow>
      resource="fee-items"
      listName="runs"
      fetch={async (p) => {
        const r = await feeApi.runs(p);
        // While a run is queued or running, look again shortly (the job worker moves it chunk by chunk).
        if (r.data.some((x) => x.State === 1 || x.State === 2))
          setTimeout(() => void client.invalidateQueries({ queryKey: ['fee-items', 'runs'] }), 1000);
        return r;
      }}
      columns={columns}
      searchFields={search}
      heightExtra={46}
      rowActions={(r) => (
        <RowActions
          row={r}
          actions={[
            {
              label: '撤销本批',
              btn: 'del',
              danger: true,
              hidden: (x) => x.State !== 3 && x.State !== 4,
              confirm: (x) => `确定撤销第${x.Id}批的${x.Created}笔账单吗？`,
              onClick: async (x) => {
                await feeApi.revoke(x.Id);
                ui.toast('success', '已撤销');
                await invalidateAfterWrite(client, 'fee-items');
              },
            },
          ]}
        />
      )}
    />
  );
}
