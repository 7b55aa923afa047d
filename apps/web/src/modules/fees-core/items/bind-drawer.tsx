import type { FeeStandardRow } from '@linli/shared';
import { Alert, Button, DatePicker, Drawer, Space, Table, Tabs, Tag, Tree } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { invalidateAfterWrite } from '../../../components/crud';
import { type BindingRow, type BindRoom, feeApi } from '../api';
import { BindPayerList } from './bind-payer-list';

/** The room tree 楼栋 → 单元 → 房间 of the standard's community; bound rooms are marked and cannot be picked again. */
function roomTree(rooms: BindRoom[]) {
  const buildings = new Map<number, { title: string; units: Map<number, { title: string; rooms: BindRoom[] }> }>();
  for (const r of rooms) {
    const b = buildings.get(r.BuildingId) ?? { title: r.BuildingName, units: new Map() };
    const u = b.units.get(r.UnitId) ?? { title: r.UnitName, rooms: [] };
    u.rooms.push(r);
    b.units.set(r.UnitId, u);
    buildings.set(r.BuildingId, b);
  }
  return [...buildings].map(([bid, b]) => ({
    key: `b${bid}`,
    title: b.title,
    children: [...b.units].map(([uid, u]) => ({
      key: `u${uid}`,
      title: u.title,
      children: u.rooms.map((r) => ({
        key: `r${r.RoomId}`,
        disableCheckbox: r.Bound,
        title: (
          <span>
            {r.RoomName.split('-').pop()} {r.Bound && <Tag color="green">已绑定</Tag>}
            {r.BoundOther && <Tag color="orange">已绑定其他标准</Tag>}
          </span>
        ),
      })),
    })),
  }));
}

/**
 * 绑定 drawer (sfgl_sfxm `bind`): pick rooms (a 房屋 item), spaces (车位) or vehicles (车辆) and a StartDate;
 * conflicts are listed; 解绑 ends bindings.
 */
export function BindDrawer({ standard, onClose }: { standard: FeeStandardRow; onClose(): void }) {
  const client = useQueryClient();
  // The item's payer type decides the picker: the room tree, or the list of spaces or vehicles.
  const [keyword, setKeyword] = useState('');
  const payers = useQuery({
    queryKey: ['fee-items', 'bind-payers', standard.Id, keyword],
    queryFn: () => feeApi.bindPayers(standard.Id, keyword),
  });
  const payerType = payers.data?.PayerType ?? 0;
  const rooms = useQuery({
    queryKey: ['fee-items', 'bind-rooms', standard.Id],
    queryFn: () => feeApi.bindRooms(standard.Id),
    enabled: payerType === 1,
  });
  const [picked, setPicked] = useState<number[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [start, setStart] = useState<Dayjs>(dayjs().startOf('month'));
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [unbindIds, setUnbindIds] = useState<number[]>([]);
  const [end, setEnd] = useState<Dayjs>(dayjs());
  const tree = useMemo(() => roomTree(rooms.data ?? []), [rooms.data]);
  const bindings = useQuery({
    queryKey: ['fee-items', 'bindings', standard.Id],
    queryFn: () => feeApi.bindings({ StandardId: standard.Id, State: 1, PgIndex: 1, PgSize: 500 }),
  });
  const refresh = async () => {
    await invalidateAfterWrite(client, 'fee-items');
  };
  const roomIds = payerType === 1 ? checked.filter((k) => k.startsWith('r')).map((k) => Number(k.slice(1))) : picked;

  const bind = async () => {
    setBusy(true);
    try {
      const r = await feeApi.bind({
        StandardId: standard.Id,
        PayerType: payerType,
        PayerIds: roomIds,
        StartDate: start.format('YYYY-MM-DD'),
      });
      ui.toast(
        'success',
        `绑定${r.Bound}户，跳过${r.Skipped}户${r.Conflicts.length ? `，冲突${r.Conflicts.length}户` : ''}`,
      );
      setConflicts(r.Conflicts.map((c) => c.Reason));
      setChecked([]);
      setPicked([]);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const unbind = async () => {
    const r = await feeApi.unbind(unbindIds, end.format('YYYY-MM-DD'));
    ui.toast('success', `解绑${r.Unbound}户，取消未缴账单${r.CancelledBills}笔`);
    setUnbindIds([]);
    await refresh();
  };

  return (
    <Drawer
      open
      width={720}
      title={`绑定 - ${standard.ItemName} / ${standard.StandardName}（${standard.CommunityName}）`}
      onClose={onClose}
    >
      <Tabs
        items={[
          {
            key: 'bind',
            label: payerType === 2 ? '选择车位' : payerType === 3 ? '选择车辆' : '选择房间',
            children: (
              <>
                <Space style={{ marginBottom: 12 }}>
                  <span>开始日期*</span>
                  <DatePicker value={start} onChange={(d) => d && setStart(d)} allowClear={false} />
                  <Auth btn="bind">
                    <Button type="primary" disabled={!roomIds.length} loading={busy} onClick={bind}>
                      绑定所选（{roomIds.length}）
                    </Button>
                  </Auth>
                </Space>
                {conflicts.length > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginBottom: 12 }}
                    message="以下缴费对象未绑定"
                    description={conflicts.join('；')}
                  />
                )}
                {payerType === 1 ? (
                  <Tree
                    checkable
                    height={520}
                    treeData={tree}
                    checkedKeys={checked}
                    onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                  />
                ) : payerType > 1 ? (
                  <BindPayerList
                    payerType={payerType}
                    rows={payers.data?.Rows ?? []}
                    loading={payers.isFetching}
                    keyword={keyword}
                    setKeyword={setKeyword}
                    selected={picked}
                    setSelected={setPicked}
                  />
                ) : null}
              </>
            ),
          },
          {
            key: 'bound',
            label: `已绑定（${bindings.data?.count ?? 0}）`,
            children: (
              <>
                <Space style={{ marginBottom: 12 }}>
                  <span>结束日期</span>
                  <DatePicker value={end} onChange={(d) => d && setEnd(d)} allowClear={false} />
                  <Auth btn="bind">
                    <Button danger disabled={!unbindIds.length} onClick={unbind}>
                      解绑所选（{unbindIds.length}）
                    </Button>
                  </Auth>
                </Space>
                <Table<BindingRow>
                  rowKey="Id"
                  size="small"
                  dataSource={bindings.data?.data ?? []}
                  pagination={{ pageSize: 50 }}
                  rowSelection={{ selectedRowKeys: unbindIds, onChange: (k) => setUnbindIds(k.map(Number)) }}
                  columns={[
                    { title: '缴费对象', dataIndex: 'PayerName' },
                    { title: '开始日期', dataIndex: 'StartDate', width: 120 },
                    { title: '状态', dataIndex: 'StateName', width: 90 },
                  ]}
                />
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
