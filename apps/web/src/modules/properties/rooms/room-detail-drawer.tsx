import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { ROOMS, type RoomDetail, roomGet, roomStatusLog } from './api';
import { RoomStatusTag } from './columns';

/** 详情: 基本信息, 住户 (current and past), 车位车辆, 仪表, 交房记录, 状态变更. */
export function RoomDetailDrawer({ roomId, onClose }: { roomId: number | null; onClose(): void }) {
  const detail = useQuery({
    queryKey: [ROOMS, 'detail', roomId ?? 0],
    queryFn: () => roomGet(roomId!),
    enabled: !!roomId,
  });
  const r = detail.data;
  return (
    <Drawer
      title={r ? `房间详情 ${r.FullName}` : '房间详情'}
      open={!!roomId}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      <Spin spinning={detail.isLoading}>
        {r && (
          <Tabs
            items={[
              { key: 'base', label: '基本信息', children: <BaseInfo r={r} /> },
              { key: 'residents', label: '住户', children: <Residents r={r} /> },
              {
                key: 'parking',
                label: '车位车辆',
                children: <Parking r={r} />,
              },
              { key: 'meters', label: '仪表', children: <Meters r={r} /> },
              { key: 'handover', label: '交房记录', children: <Handovers r={r} /> },
              { key: 'log', label: '状态变更', children: <StatusLog roomId={r.Id} /> },
            ]}
          />
        )}
      </Spin>
    </Drawer>
  );
}

/** 车位车辆: the room's spaces, then the vehicles registered to it. */
function Parking({ r }: { r: RoomDetail }) {
  const { Places = [], Cars = [] } = r.Parking ?? {};
  if (!Places.length && !Cars.length) return <Empty description="暂无车位车辆" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const table = (rows: Record<string, unknown>[], columns: [string, string][]) => (
    <Table
      size="small"
      rowKey={(x) => String(x.Id)}
      pagination={false}
      dataSource={rows}
      columns={columns.map(([k, title]) => ({ key: k, dataIndex: k, title }))}
      style={{ marginBottom: 16 }}
    />
  );
  return (
    <>
      {table(Places, [
        ['SpaceNo', '车位'],
        ['LotName', '车场'],
        ['SpaceTypeName', '类型'],
        ['StatusName', '状态'],
        ['RentEnd', '租期至'],
      ])}
      {table(Cars, [
        ['Plate', '车牌'],
        ['VehicleTypeName', '类型'],
        ['LotName', '车场'],
        ['SpaceNo', '车位'],
        ['ValidEnd', '有效期至'],
        ['StatusName', '状态'],
      ])}
    </>
  );
}

function BaseInfo({ r }: { r: RoomDetail }) {
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="小区">{r.CommunityName}</Descriptions.Item>
      <Descriptions.Item label="房间">{r.FullName}</Descriptions.Item>
      <Descriptions.Item label="楼层">{r.Floor}</Descriptions.Item>
      <Descriptions.Item label="类型">{r.RoomTypeName}</Descriptions.Item>
      <Descriptions.Item label="户型">{r.Layout || '-'}</Descriptions.Item>
      <Descriptions.Item label="装修">{r.DecorationName || '-'}</Descriptions.Item>
      <Descriptions.Item label="建筑面积">{r.BuildArea} ㎡</Descriptions.Item>
      <Descriptions.Item label="套内面积">{r.InnerArea ? `${r.InnerArea} ㎡` : '-'}</Descriptions.Item>
      <Descriptions.Item label="收费系数">{r.FeeCoefficient}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <RoomStatusTag status={r.Status} name={r.StatusName} />
      </Descriptions.Item>
      <Descriptions.Item label="业主">{r.OwnerName ? `${r.OwnerName} ${r.OwnerMobile}` : '-'}</Descriptions.Item>
      <Descriptions.Item label="交房日期">{r.HandoverDate || '-'}</Descriptions.Item>
    </Descriptions>
  );
}

function Residents({ r }: { r: RoomDetail }) {
  return (
    <Table
      size="small"
      rowKey="Id"
      dataSource={r.Residents}
      pagination={false}
      columns={[
        { title: '姓名', dataIndex: 'Name' },
        { title: '手机', dataIndex: 'Mobile' },
        {
          title: '身份',
          dataIndex: 'RoleName',
          render: (v: string, x) => (x.IsPrimary ? `${v}（主）` : v),
        },
        { title: '入住日期', dataIndex: 'MoveInDate' },
        {
          title: '状态',
          dataIndex: 'Current',
          render: (c: boolean, x) => (c ? <Tag color="green">在住</Tag> : `已迁出 ${x.MoveOutDate}`),
        },
      ]}
    />
  );
}

function Meters({ r }: { r: RoomDetail }) {
  return (
    <Table
      size="small"
      rowKey="Id"
      dataSource={r.Meters}
      pagination={false}
      columns={[
        { title: '类型', dataIndex: 'MeterTypeName' },
        { title: '表号', dataIndex: 'MeterNo' },
        { title: '倍率', dataIndex: 'Multiplier' },
        { title: '初始读数', dataIndex: 'InitialReading' },
        { title: '最近读数', dataIndex: 'LastReading' },
        { title: '预付费', dataIndex: 'IsPrepaid', render: (v: boolean) => (v ? '是' : '否') },
        { title: '状态', dataIndex: 'StatusName' },
      ]}
    />
  );
}

function Handovers({ r }: { r: RoomDetail }) {
  return (
    <Table
      size="small"
      rowKey="Id"
      dataSource={r.Handovers}
      pagination={false}
      columns={[
        { title: '预约号', dataIndex: 'ApptNo' },
        { title: '日期', dataIndex: 'ApptDate' },
        { title: '时段', dataIndex: 'Slot' },
        { title: '状态', dataIndex: 'StatusName' },
        { title: '交房日期', dataIndex: 'HandoverDate' },
      ]}
    />
  );
}

function StatusLog({ roomId }: { roomId: number }) {
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: [ROOMS, 'status-log', roomId, page],
    queryFn: () => roomStatusLog(roomId, page, 10),
  });
  return (
    <Table
      size="small"
      rowKey="Id"
      loading={log.isFetching}
      dataSource={log.data?.data ?? []}
      pagination={{ current: page, pageSize: 10, total: log.data?.count ?? 0, onChange: setPage, size: 'small' }}
      columns={[
        { title: '时间', dataIndex: 'CreateTime', width: 160 },
        { title: '变更', key: 'change', render: (_v, x) => `${x.FromStatusName} → ${x.ToStatusName}` },
        { title: '来源', dataIndex: 'SourceName', width: 70 },
        { title: '原因', dataIndex: 'Reason' },
        { title: '操作人', dataIndex: 'Creator', width: 90 },
      ]}
    />
  );
}
