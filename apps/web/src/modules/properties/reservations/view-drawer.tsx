import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Spin, Tag, Timeline } from 'antd';
import { HANDOVER_STATUS_COLORS } from '../shared/labels';
import { HANDOVER, handoverGet } from './api';

/** 查看: the appointment with the time of each step it went through. */
export function ViewDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const detail = useQuery({ queryKey: [HANDOVER, 'detail', id ?? 0], queryFn: () => handoverGet(id!), enabled: !!id });
  const a = detail.data;
  const steps = a
    ? [
        ['预约', a.CreateTime],
        ['确认', a.ConfirmTime],
        ['签到', a.CheckInTime],
        ['开始验房', a.InspectTime],
        ['完成', a.CompleteTime],
        ['取消/拒绝', a.CancelTime],
      ].filter(([, t]) => t)
    : [];
  return (
    <Drawer title={a ? `预约 ${a.ApptNo}` : '预约详情'} open={!!id} onClose={onClose} size={560} destroyOnHidden>
      <Spin spinning={detail.isLoading}>
        {a && (
          <>
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label="状态">
                <Tag color={HANDOVER_STATUS_COLORS[a.Status]}>{a.StatusName}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="小区">{a.CommunityName}</Descriptions.Item>
              <Descriptions.Item label="房间">{a.RoomName}</Descriptions.Item>
              <Descriptions.Item label="业主">{a.OwnerName}</Descriptions.Item>
              <Descriptions.Item label="联系人">
                {a.ContactName} {a.ContactMobileMask}
              </Descriptions.Item>
              <Descriptions.Item label="日期时段">
                {a.ApptDate} {a.Slot}
              </Descriptions.Item>
              <Descriptions.Item label="来源">{a.SourceName}</Descriptions.Item>
              <Descriptions.Item label="接待人">{a.ReceptionName || '-'}</Descriptions.Item>
              {a.Reason && <Descriptions.Item label="原因">{a.Reason}</Descriptions.Item>}
              {a.HandoverDate && <Descriptions.Item label="交房日期">{a.HandoverDate}</Descriptions.Item>}
            </Descriptions>
            <Timeline
              style={{ marginTop: 24 }}
              items={steps.map(([label, time]) => ({ content: `${label} ${time}` }))}
            />
          </>
        )}
      </Spin>
    </Drawer>
  );
}
