import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table } from 'antd';
import { LANES, type LaneRow, laneEvents } from '../api';

/** 查看: the key's time, the device's last 50 events and its pending card tasks. */
export function EventsDrawer({ lane, onClose }: { lane: LaneRow | null; onClose(): void }) {
  const q = useQuery({ queryKey: [LANES, 'events', lane?.Id], queryFn: () => laneEvents(lane!.Id), enabled: !!lane });
  return (
    <Drawer open={!!lane} title={`车道 ${lane?.Name ?? ''}`} width={720} onClose={onClose}>
      {lane && (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="设备序列号">{lane.DeviceSn}</Descriptions.Item>
          <Descriptions.Item label="在线">{lane.OnlineName}</Descriptions.Item>
          <Descriptions.Item label="密钥生成时间">{q.data?.KeyTime || lane.KeyTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="最后通讯">{lane.LastSeenTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="固件">{lane.Firmware || '—'}</Descriptions.Item>
          <Descriptions.Item label="IP">{lane.Ip || '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <h4>最近事件</h4>
      <Table
        size="small"
        rowKey="Id"
        loading={q.isLoading}
        dataSource={q.data?.Events ?? []}
        pagination={false}
        scroll={{ y: 320 }}
        columns={[
          { title: '时间', dataIndex: 'OccurTime', width: 160 },
          { title: '事件', dataIndex: 'EventTypeName', width: 90 },
          { title: '车牌/卡号', render: (_, e) => e.Plate || e.CardNo || '—' },
          { title: '事件编号', dataIndex: 'EventId', ellipsis: true },
        ]}
      />
      <h4 style={{ marginTop: 16 }}>待下发任务</h4>
      <Table
        size="small"
        rowKey="TaskId"
        dataSource={q.data?.Tasks ?? []}
        pagination={false}
        columns={[
          { title: '操作', dataIndex: 'Op', render: (op: string) => (op === 'CardAdd' ? '下发卡' : '删除卡') },
          { title: '卡号', dataIndex: 'CardNo' },
          { title: '状态', dataIndex: 'StateName' },
          { title: '创建时间', dataIndex: 'CreateTime' },
        ]}
      />
    </Drawer>
  );
}
