import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Table, Tag } from 'antd';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { SYNC_STATE_COLORS, SYNC_STATE_NAMES } from '../shared/labels';
import { FACES, type FaceDevice, type FaceRow, faceResync, faceSyncDetail } from './api';

/** 同步详情: one row per device (设备, 序列号, 状态, 失败原因, 时间), each with 重新同步. */
export function SyncDetailDrawer({ face, onClose }: { face: FaceRow | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: [FACES, 'sync', face?.Id],
    queryFn: () => faceSyncDetail(face!.Id),
    enabled: !!face?.Id,
    // Devices change these states at any time: every opening reads them afresh.
    staleTime: 0,
  });
  const resync = async (laneId: number) => {
    await faceResync({ FaceIds: [face!.Id], LaneId: laneId });
    ui.toast('success', '已重新下发');
    void queryClient.invalidateQueries({ queryKey: [FACES] });
  };
  return (
    <Drawer
      title={`同步详情 — ${face?.Name ?? ''}`}
      open={!!face}
      onClose={onClose}
      size={Math.min(720, window.innerWidth)}
      destroyOnHidden
    >
      <Table<FaceDevice>
        rowKey="SyncId"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'lane', title: '设备', dataIndex: 'LaneName' },
          { key: 'sn', title: '序列号', dataIndex: 'DeviceSn' },
          {
            key: 'state',
            title: '状态',
            dataIndex: 'State',
            render: (s: number, r) => (
              <Tag color={SYNC_STATE_COLORS[s]}>
                {r.Op === 2 ? `${r.OpName}` : ''}
                {SYNC_STATE_NAMES[s]}
              </Tag>
            ),
          },
          { key: 'reason', title: '失败原因', dataIndex: 'FailReason' },
          { key: 'time', title: '时间', dataIndex: 'Time' },
          {
            key: 'op',
            title: '操作',
            render: (_: unknown, r) =>
              r.State !== 0 && (
                <Auth btn="sync">
                  <Button type="link" size="small" onClick={() => void resync(r.LaneId).catch(() => undefined)}>
                    重新同步
                  </Button>
                </Auth>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
