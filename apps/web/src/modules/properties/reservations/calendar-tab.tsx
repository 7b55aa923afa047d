import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { HANDOVER, handoverAvailability } from './api';
import { dayLoad, monthGrid, ymd } from './reservation-logic';

const WEEK = ['一', '二', '三', '四', '五', '六', '日'];

/** 日历: each day of a month with booked/capacity, coloured by load; a click lists that day's slots. */
export function CalendarTab({ communityId }: { communityId?: number }) {
  const now = new Date();
  const [month, setMonth] = useState({ y: now.getFullYear(), m: now.getMonth() + 1 });
  const [picked, setPicked] = useState<string>(ymd(now));
  const grid = useMemo(() => monthGrid(month.y, month.m), [month]);
  const from = grid[0]!.date;
  const to = grid.at(-1)!.date;
  const days = useQuery({
    queryKey: [HANDOVER, 'availability', communityId ?? 0, from, to],
    queryFn: () => handoverAvailability(communityId!, from, to),
    enabled: !!communityId,
  });
  const byDate = useMemo(() => new Map((days.data ?? []).map((d) => [d.Date, d])), [days.data]);
  const move = (delta: number) => {
    const d = new Date(month.y, month.m - 1 + delta, 1);
    setMonth({ y: d.getFullYear(), m: d.getMonth() + 1 });
  };

  if (!communityId) return <Empty description="请先选择小区" />;
  const day = byDate.get(picked);
  return (
    <Spin spinning={days.isFetching}>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<LeftOutlined />} aria-label="上个月" onClick={() => move(-1)} />
        <Typography.Text strong aria-live="polite">
          {month.y}年{month.m}月
        </Typography.Text>
        <Button icon={<RightOutlined />} aria-label="下个月" onClick={() => move(1)} />
        <Typography.Text type="secondary">格内为 已约/容量，灰色为不开放</Typography.Text>
      </Space>
      <div className="handover-calendar" role="grid" aria-label="交房日历">
        {WEEK.map((w) => (
          <div key={w} className="handover-calendar-head" role="columnheader">
            {w}
          </div>
        ))}
        {grid.map((c) => {
          const d = byDate.get(c.date);
          const load = dayLoad(d?.Booked ?? 0, d?.Capacity ?? 0);
          return (
            <button
              type="button"
              role="gridcell"
              key={c.date}
              aria-label={`${c.date} ${d?.Capacity ? `已约${d.Booked}/${d.Capacity}` : '不开放'}`}
              className={`handover-calendar-day is-${load}${c.inMonth ? '' : ' is-out'}${c.date === picked ? ' is-selected' : ''}`}
              onClick={() => setPicked(c.date)}
            >
              <b>{Number(c.date.slice(8))}</b>
              {d?.Capacity ? `${d.Booked}/${d.Capacity}` : d?.Booked ? `已约${d.Booked}` : '—'}
            </button>
          );
        })}
      </div>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {picked} 时段
      </Typography.Title>
      <Table
        size="small"
        rowKey="Start"
        pagination={false}
        dataSource={day?.Slots ?? []}
        locale={{ emptyText: '该日没有时段' }}
        columns={[
          { title: '时段', key: 'slot', render: (_v, s) => `${s.Start}-${s.End}` },
          { title: '容量', dataIndex: 'Capacity' },
          { title: '已约', dataIndex: 'Booked' },
          { title: '剩余', dataIndex: 'Left', render: (v: number) => (day?.Open ? v : '不开放') },
        ]}
      />
    </Spin>
  );
}
