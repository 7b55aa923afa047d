import { useQuery } from '@tanstack/react-query';
import { Drawer, Spin, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { ATTENDANCE, type StatDay, type StatRow, statDays } from '../shared/api';

const COLORS: Record<string, string> = {
  正常: '#f6ffed',
  异常: '#fff7e6',
  旷工: '#fff1f0',
  请假: '#f9f0ff',
  未完成: '#fafafa',
  休息: '#ffffff',
};
const TAGS: Record<string, string> = { 正常: 'green', 异常: 'orange', 旷工: 'red', 请假: 'purple', 未完成: 'default' };

function Cell({ d }: { d: StatDay }) {
  const detail = d.Due
    ? [
        `${d.ShiftName} ${d.WorkTime}`,
        `上班 ${d.OnTime || '—'} ${d.OnStateName}${d.LateMinutes ? ` ${d.LateMinutes}分钟` : ''}`,
        `下班 ${d.OffTime || '—'} ${d.OffStateName}${d.EarlyMinutes ? ` ${d.EarlyMinutes}分钟` : ''}`,
        d.LeaveDays ? `请假 ${d.LeaveDays}天` : '',
        `打卡：${d.Punches.join(' ') || '无'}`,
      ]
    : ['休息', d.Punches.length ? `打卡：${d.Punches.join(' ')}` : ''];
  return (
    <Tooltip
      title={detail.filter(Boolean).map((x) => (
        <div key={x}>{x}</div>
      ))}
    >
      <div
        data-day={d.Day}
        style={{
          background: COLORS[d.Summary],
          border: '1px solid #f0f0f0',
          borderRadius: 4,
          padding: 6,
          minHeight: 72,
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <b>{Number(d.Day.slice(8))}</b>
          {d.Due && <Tag color={TAGS[d.Summary]}>{d.Summary}</Tag>}
        </div>
        <div style={{ fontSize: 12, color: '#666' }}>{d.Punches.slice(0, 3).join(' ')}</div>
      </div>
    </Tooltip>
  );
}

/** A person's month, one cell a day coloured by how it went, his punches inside (StatDays). */
export function MonthCalendar({ row, month, onClose }: { row: StatRow | null; month: string; onClose(): void }) {
  const data = useQuery({
    queryKey: [ATTENDANCE, 'stat-days', row?.UserId, month],
    queryFn: () => statDays(row!.UserId, month),
    enabled: !!row,
  });
  const days = data.data?.Days ?? [];
  const lead = days.length ? (dayjs(days[0]!.Day).day() + 6) % 7 : 0;
  return (
    <Drawer open={!!row} onClose={onClose} width={760} title={row ? `${row.UserName} ${month} 考勤日历` : ''}>
      {data.isLoading ? (
        <Spin />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 6 }}>
          {['一', '二', '三', '四', '五', '六', '日'].map((w) => (
            <div key={w} style={{ textAlign: 'center', color: '#999' }}>
              周{w}
            </div>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <div key={`lead${i}`} />
          ))}
          {days.map((d) => (
            <Cell key={d.Day} d={d} />
          ))}
        </div>
      )}
    </Drawer>
  );
}
