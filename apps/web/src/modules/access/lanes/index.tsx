import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { type CrudColumn, ListPage, ReasonDialog, RowActions } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { LANES, type LaneRow, laneDelete, laneList, laneRemoteOpen, laneResetKey } from '../api';
import { enabledOptions, laneKindOptions } from '../labels';
import { EventsDrawer } from './events-drawer';
import { KeyDialog } from './key-dialog';

const columns: CrudColumn<LaneRow>[] = [
  { title: '名称', dataIndex: 'Name', width: 120, fixed: 'left', hideable: false, sorter: true },
  { title: '小区', dataIndex: 'CommunityName', width: 110, defaultHidden: true },
  { title: '车场', dataIndex: 'LotName', width: 90 },
  { title: '类型', dataIndex: 'KindName', width: 70 },
  { title: '方向', dataIndex: 'DirectionName', width: 70 },
  { title: '设备序列号', dataIndex: 'DeviceSn', width: 130, sorter: true },
  { title: '品牌', dataIndex: 'Brand', width: 70 },
  {
    title: '在线',
    dataIndex: 'Online',
    width: 110,
    render: (on: boolean, r) => <Badge status={on ? 'success' : 'default'} text={r.OnlineName} />,
  },
  { title: '人脸', dataIndex: 'HasFace', width: 60, render: (f: boolean) => (f ? '是' : '否') },
  { title: '规则', dataIndex: 'RulesText', width: 180, ellipsis: true },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 70,
    render: (s: number, r) => <Tag color={s === 1 ? 'green' : 'default'}>{r.StatusName}</Tag>,
  },
];

/** 车道管理 (txgl_cdgl): lanes with live 在线/离线, 重置密钥 (shown once), 远程开闸 and each device's events. */
export default function LaneListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const [opening, setOpening] = useState<LaneRow | null>(null);
  const [viewing, setViewing] = useState<LaneRow | null>(null);
  const [key, setKey] = useState<{ key: string; name: string } | null>(null);
  // 在线 turns to 离线 180 s after the last call: the list refreshes on its own (and on every realtime reminder).
  useEffect(() => {
    const t = setInterval(() => void client.invalidateQueries({ queryKey: [LANES, 'list'] }), 30_000);
    return () => clearInterval(t);
  }, [client]);
  const resetKey = async (r: LaneRow) => {
    const k = await laneResetKey(r.Id);
    setKey({ key: k.DeviceKey, name: r.Name });
    await invalidateAfterWrite(client, LANES);
  };
  return (
    <>
      <ListPage<LaneRow>
        resource={LANES}
        fetch={laneList}
        columns={columns}
        searchFields={[
          {
            name: 'CommunityId',
            label: '小区',
            type: 'select',
            options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
            width: 140,
          },
          { name: 'Keyword', label: '名称/序列号', width: 140 },
          { name: 'Kind', label: '类型', type: 'select', options: laneKindOptions, width: 100 },
          { name: 'Status', label: '状态', type: 'select', options: enabledOptions, width: 100 },
        ]}
        exportCall="/Lane/Export"
        exportName="车道列表"
        toolbar={() => (
          <Auth btn="add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/cardmanage/roadway/roadwayaddedit')}
            >
              新增
            </Button>
          </Auth>
        )}
        actionsWidth={230}
        rowActions={(row) => (
          <RowActions
            row={row}
            actions={[
              { label: '编辑', btn: 'edit', onClick: (r) => navigate(`/cardmanage/roadway/roadwayaddedit?id=${r.Id}`) },
              { label: '远程开闸', btn: 'open', hidden: (r) => r.Status !== 1, onClick: (r) => setOpening(r) },
              { label: '查看', btn: 'view', onClick: (r) => setViewing(r) },
              {
                label: '重置密钥',
                btn: 'resetkey',
                confirm: (r) => `重置「${r.Name}」的设备密钥？旧密钥立即失效，设备需配置新密钥。`,
                onClick: (r) => resetKey(r),
              },
              {
                label: '删除',
                btn: 'del',
                danger: true,
                confirm: (r) => `确定删除车道「${r.Name}」吗？`,
                onClick: async (r) => {
                  await laneDelete(r.Id);
                  ui.toast('success', '删除成功');
                  await invalidateAfterWrite(client, LANES);
                },
              },
            ]}
          />
        )}
      />
      <ReasonDialog
        open={!!opening}
        title={`远程开闸 ${opening?.Name ?? ''}`}
        okText="开闸"
        onSubmit={async (reason) => {
          await laneRemoteOpen(opening!.Id, reason);
          ui.toast('success', '已远程开闸');
          await invalidateAfterWrite(client, 'cardrecords');
        }}
        onClose={() => setOpening(null)}
      />
      <EventsDrawer lane={viewing} onClose={() => setViewing(null)} />
      <KeyDialog deviceKey={key?.key ?? null} laneName={key?.name ?? ''} onClose={() => setKey(null)} />
    </>
  );
}
