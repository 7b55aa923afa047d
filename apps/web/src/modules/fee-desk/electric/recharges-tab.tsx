import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { type CrudColumn, ListPage, ReasonDialog, RowActions, type SearchField } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { FEE_DESK } from '../api';
import { electricApi, RECHARGE_STATES, type RechargeRow } from './api';

const STATE_COLOURS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red', 4: 'default' };

const columns: CrudColumn<RechargeRow>[] = [
  { title: '时间', dataIndex: 'CreateTime', width: 160 },
  { title: '收据号', dataIndex: 'ReceiptNo', width: 140 },
  { title: '房号', dataIndex: 'RoomName', width: 150 },
  { title: '表号', dataIndex: 'MeterNo', width: 100 },
  { title: '金额', dataIndex: 'AmountMoney', width: 100, money: true },
  { title: '电价', dataIndex: 'UnitPrice', width: 80, align: 'right' },
  { title: '度数', dataIndex: 'Kwh', width: 90, align: 'right' },
  {
    title: '状态',
    dataIndex: 'StateName',
    width: 90,
    render: (v: string, r) => <Tag color={STATE_COLOURS[r.State]}>{v}</Tag>,
  },
  { title: '失败原因', dataIndex: 'FailReason', width: 140 },
  { title: '收款人', dataIndex: 'CreatorName', width: 90 },
  { title: '写表确认', dataIndex: 'ConfirmerName', width: 90 },
  { title: '确认时间', dataIndex: 'ConfirmTime', width: 160, defaultHidden: true },
];

/** 充值记录: every top-up with its state; 写表成功 / 写表失败 (`confirm`) while 待写表 or 写表失败 (retry). */
export function RechargesTab({ meterId, onClearMeter }: { meterId?: number; onClearMeter(): void }) {
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const [failing, setFailing] = useState<RechargeRow | null>(null);
  const search: SearchField[] = [
    {
      name: 'CommunityId',
      label: '小区',
      type: 'select',
      options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
      width: 140,
    },
    { name: 'State', label: '状态', type: 'select', options: RECHARGE_STATES, width: 110 },
    { name: 'Date', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
    { name: 'Keyword', label: '关键字', placeholder: '房号/表号/收据号' },
  ];
  const refresh = () => invalidateAfterWrite(client, FEE_DESK);
  const open = (r: RechargeRow) => r.State === 1 || r.State === 3;
  return (
    <>
      <ListPage<RechargeRow>
        resource={FEE_DESK}
        listName="electric-recharges"
        fetch={electricApi.recharges}
        columns={columns}
        searchFields={search}
        extraParams={meterId ? { MeterId: meterId } : undefined}
        exportCall="/ElectricRecharge/Export"
        exportName="电表充值记录"
        heightExtra={56}
        actionsWidth={170}
        toolbar={() =>
          meterId ? (
            <Tag closable onClose={onClearMeter} style={{ lineHeight: '30px' }}>
              仅看此电表
            </Tag>
          ) : null
        }
        rowActions={(row) => (
          <RowActions
            row={row}
            inline={2}
            actions={[
              {
                label: '写表成功',
                btn: 'confirm',
                hidden: (r) => !open(r),
                onClick: async (r) => {
                  await electricApi.confirm(r.Id, true);
                  ui.toast('success', '已写表');
                  await refresh();
                },
              },
              {
                label: '写表失败',
                btn: 'confirm',
                danger: true,
                hidden: (r) => r.State !== 1,
                onClick: (r) => setFailing(r),
              },
            ]}
          />
        )}
      />
      <ReasonDialog
        open={!!failing}
        title={`写表失败 ${failing?.RoomName ?? ''} ${failing?.MeterNo ?? ''}`}
        label="失败原因"
        minLength={4}
        onClose={() => setFailing(null)}
        onSubmit={async (reason) => {
          await electricApi.confirm(failing!.Id, false, reason);
          ui.toast('success', '已记录写表失败');
          await refresh();
        }}
      />
    </>
  );
}
