import type { FeeItemRow, FeeStandardRow } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import {
  type CrudColumn,
  invalidateAfterWrite,
  ResourceList,
  RowActions,
  type SearchField,
  ImportDialog,
} from '../../../components/crud';
import { bindingImport, feeApi, feeItems, feeStandards, OPTIONS } from '../api';
import { BillRunDialog } from './bill-run-dialog';
import { BindDrawer } from './bind-drawer';
import { RunList } from './run-list';

const itemColumns: CrudColumn<FeeItemRow>[] = [
  { title: '项目名称', dataIndex: 'ItemName', sorter: true, width: 160, fixed: 'left', hideable: false },
  { title: '类别', dataIndex: 'CategoryName', width: 100 },
  { title: '类型', dataIndex: 'KindName', width: 90 },
  { title: '缴费对象', dataIndex: 'PayerTypeName', width: 100 },
  { title: '标准数', dataIndex: 'StandardCount', width: 80, align: 'right' },
  {
    title: '状态',
    dataIndex: 'IsEnabled',
    width: 80,
    render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag>,
  },
];

const itemSearch: SearchField[] = [
  { name: 'Keyword', label: '项目名称' },
  { name: 'Category', label: '类别', type: 'select', options: OPTIONS.category, width: 130 },
  { name: 'Kind', label: '类型', type: 'select', options: OPTIONS.kind, width: 110 },
];

const price = (s: FeeStandardRow) =>
  s.PriceMethod === 3
    ? `¥${s.FixedMoney}`
    : s.PriceMethod === 5
      ? `${s.Tiers.length}档`
      : s.PriceMethod === 6
        ? s.Formula
        : s.UnitPrice;

/** An item's standards (the expanded row): 绑定, 编辑, 停用, 删除 each on its own button key. */
function Standards({ item, onBind }: { item: FeeItemRow; onBind(s: FeeStandardRow): void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['fee-items', 'standards', item.Id], queryFn: () => feeApi.standards(item.Id) });
  const refresh = () => invalidateAfterWrite(client, 'fee-items');
  return (
    <Table<FeeStandardRow>
      rowKey="Id"
      size="small"
      pagination={false}
      loading={q.isLoading}
      dataSource={q.data?.data ?? []}
      columns={[
        { title: '小区', dataIndex: 'CommunityName', width: 120 },
        { title: '标准名称', dataIndex: 'StandardName', width: 140 },
        { title: '计价方式', dataIndex: 'PriceMethodName', width: 120 },
        { title: '单价', key: 'price', width: 140, render: (_v, s) => price(s) },
        { title: '周期', dataIndex: 'CycleMonths', width: 70, render: (v: number) => `${v}个月` },
        { title: '出账日', dataIndex: 'BillDay', width: 70, render: (v: number) => `${v}日` },
        { title: '自动抵扣', dataIndex: 'AutoDeduct', width: 80, render: (v: boolean) => (v ? '是' : '否') },
        { title: '绑定数', dataIndex: 'BindCount', width: 80, align: 'right' },
        {
          title: '状态',
          dataIndex: 'IsEnabled',
          width: 70,
          render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag>,
        },
        {
          title: '操作',
          key: 'ops',
          width: 220,
          render: (_v, s) => (
            <RowActions
              row={s}
              actions={[
                { label: '绑定', btn: 'bind', onClick: () => onBind(s) },
                {
                  label: '编辑',
                  btn: 'edit',
                  onClick: () => navigate(`/chargemanage/moyitem/standardaddedit?id=${s.Id}`),
                },
                {
                  label: s.IsEnabled ? '停用' : '启用',
                  btn: 'edit',
                  onClick: async () => {
                    await feeApi.setStandardEnabled(s.Id, !s.IsEnabled);
                    ui.toast('success', '操作成功');
                    await refresh();
                  },
                },
                {
                  label: '删除',
                  btn: 'del',
                  danger: true,
                  confirm: () => `确定删除收费标准「${s.StandardName}」吗？`,
                  onClick: async () => {
                    await feeStandards.remove(s.Id);
                    ui.toast('success', '删除成功');
                    await refresh();
                  },
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

/** 收费项目 (sfgl_sfxm): items with their standards, 绑定, 批量出账, and the 出账记录 tab. */
export default function FeeItemsPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [binding, setBinding] = useState<FeeStandardRow | null>(null);
  const [running, setRunning] = useState(false);
  const [tab, setTab] = useState('items');
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'items',
            label: '收费项目',
            children: (
              <ResourceList
                resource={feeItems}
                columns={itemColumns}
                searchFields={itemSearch}
                heightExtra={46}
                expandable={{ expandedRowRender: (r: FeeItemRow) => <Standards item={r} onBind={setBinding} /> }}
                toolbar={() => (
                  <>
                    <Auth btn="generate">
                      <Button onClick={() => setRunning(true)}>批量出账</Button>
                    </Auth>
                    <Auth btn="import">
                      <ImportDialog {...bindingImport} onDone={() => void invalidateAfterWrite(client, 'fee-items')} />
                    </Auth>
                  </>
                )}
                actions={[
                  {
                    label: '新增标准',
                    btn: 'add',
                    onClick: (r) => navigate(`/chargemanage/moyitem/standardaddedit?itemId=${r.Id}`),
                  },
                  'edit',
                  ...([true, false] as const).map((enable) => ({
                    label: enable ? '启用' : '停用',
                    btn: 'edit',
                    hidden: (r: FeeItemRow) => r.IsEnabled === enable,
                    onClick: async (r: FeeItemRow) => {
                      await feeApi.setItemEnabled(r.Id, enable);
                      ui.toast('success', '操作成功');
                      await invalidateAfterWrite(client, 'fee-items');
                    },
                  })),
                  {
                    label: '删除',
                    btn: 'del',
                    danger: true,
                    confirm: (r) => `确定删除收费项目「${r.ItemName}」吗？`,
                    onClick: async (r) => {
                      await feeItems.remove(r.Id);
                      ui.toast('success', '删除成功');
                      await invalidateAfterWrite(client, 'fee-items');
                    },
                  },
                ]}
              />
            ),
          },
          { key: 'runs', label: '出账记录', children: <RunList /> },
        ]}
      />
      {binding && <BindDrawer standard={binding} onClose={() => setBinding(null)} />}
      {running && (
        <BillRunDialog
          onClose={() => setRunning(false)}
          onStarted={() => {
            setRunning(false);
            setTab('runs');
          }}
        />
      )}
    </>
  );
}
