import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { ATTENDANCE, type GroupDetail, rosterGet, rosterSave } from '../shared/api';

type Cells = Record<number, Record<string, number>>;

/** The month roster: members × days, each cell a shift or 休息; 复制上周 repeats each week from the one before. */
export function RosterGrid({ group }: { group: GroupDetail }) {
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  const client = useQueryClient();
  const data = useQuery({
    queryKey: [ATTENDANCE, 'roster', group.Id, month],
    queryFn: () => rosterGet(group.Id, month),
  });
  const [cells, setCells] = useState<Cells>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data.data) setCells(Object.fromEntries(data.data.Rows.map((r) => [r.UserId, { ...r.Days }])));
  }, [data.data]);
  const days = data.data?.Days ?? [];
  const options = [
    { value: 0, label: '休' },
    ...(data.data?.Shifts ?? []).map((s) => ({ value: s.Id, label: s.Name })),
  ];
  const set = (userId: number, day: string, v: number) =>
    setCells((c) => ({ ...c, [userId]: { ...c[userId], [day]: v } }));

  const copyLastWeek = () =>
    setCells((c) => {
      const out: Cells = {};
      for (const [u, row] of Object.entries(c)) {
        const next = { ...row };
        for (const d of days.slice(7)) {
          const prev = dayjs(d).subtract(7, 'day').format('YYYY-MM-DD');
          if (next[prev] !== undefined) next[d] = next[prev]!;
        }
        out[Number(u)] = next;
      }
      return out;
    });

  const save = async () => {
    setSaving(true);
    try {
      await rosterSave(
        group.Id,
        month,
        Object.entries(cells).map(([u, row]) => ({ UserId: Number(u), Days: row })),
      );
      ui.toast('success', '保存成功');
      await invalidateAfterWrite(client, ATTENDANCE);
    } catch {
      // The request client has shown the message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
        />
        <Auth btn="edit">
          <Button onClick={copyLastWeek}>复制上周</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存排班
          </Button>
        </Auth>
        <Typography.Text type="secondary">未排的日期按休息计</Typography.Text>
      </Space>
      <Table
        size="small"
        rowKey="UserId"
        loading={data.isLoading}
        pagination={false}
        scroll={{ x: 120 + days.length * 86 }}
        dataSource={data.data?.Rows ?? []}
        columns={[
          { title: '成员', dataIndex: 'UserName', fixed: 'left', width: 100 },
          ...days.map((d) => ({
            title: `${Number(d.slice(8))} ${['日', '一', '二', '三', '四', '五', '六'][dayjs(d).day()]}`,
            key: d,
            width: 86,
            render: (_: unknown, r: { UserId: number }) => (
              <Select
                size="small"
                aria-label={`${d} 班次`}
                variant="borderless"
                style={{ width: 80 }}
                value={cells[r.UserId]?.[d]}
                placeholder="休"
                options={options}
                onChange={(v: number) => set(r.UserId, d, v)}
              />
            ),
          })),
        ]}
      />
    </>
  );
}
