import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Modal, Progress, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { type CrudColumn, ListPage } from '../../../components/crud';
import { departmentOptions, useDepartmentTree } from '../../../components/pickers';
import {
  ATTENDANCE,
  recalc,
  recalcProgress,
  type StatRow,
  statMonth,
  useDptUsers,
  useGroupOptions,
} from '../shared/api';
import { staffFilters } from '../shared/filters';
import { MonthCalendar } from './month-calendar';

const columns: CrudColumn<StatRow>[] = [
  { title: '员工', dataIndex: 'UserName', width: 80, fixed: 'left', hideable: false },
  { title: '工号', dataIndex: 'JobNo', width: 70 },
  { title: '部门', dataIndex: 'DptName', width: 90, ellipsis: true },
  { title: '应出勤天数', dataIndex: 'ShouldDays', width: 92, align: 'right' },
  { title: '实际出勤天数', dataIndex: 'ActualDays', width: 106, align: 'right' },
  {
    title: '迟到次数/分钟',
    dataIndex: 'LateCount',
    width: 110,
    align: 'right',
    render: (_v, r) => `${r.LateCount} / ${r.LateMinutes}`,
  },
  {
    title: '早退次数/分钟',
    dataIndex: 'EarlyCount',
    width: 110,
    align: 'right',
    render: (_v, r) => `${r.EarlyCount} / ${r.EarlyMinutes}`,
  },
  { title: '缺卡次数', dataIndex: 'MissingCount', width: 80, align: 'right' },
  { title: '旷工天数', dataIndex: 'AbsentDays', width: 80, align: 'right' },
  {
    title: '请假天数',
    dataIndex: 'LeaveDays',
    width: 80,
    align: 'right',
    render: (v, r) =>
      r.LeaveDetail.length ? (
        <Tooltip title={r.LeaveDetail.map((l) => `${l.KindName} ${l.Days}天`).join('，')}>
          <span style={{ textDecoration: 'underline dotted' }}>{v}</span>
        </Tooltip>
      ) : (
        v
      ),
  },
  { title: '外勤次数', dataIndex: 'OutsideCount', width: 80, align: 'right' },
  {
    title: '出勤率',
    dataIndex: 'AttendRate',
    width: 80,
    align: 'right',
    render: (v) => `${(Number(v) * 100).toFixed(2)}%`,
  },
];

/** 考勤统计 (kqgl_kqtj): the month per person (the sum of his days); a row opens his month calendar. */
export default function StatisticsPage() {
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  const [viewing, setViewing] = useState<StatRow | null>(null);
  const [run, setRun] = useState<{ Total: number; Done: number } | null>(null);
  const client = useQueryClient();
  const tree = useDepartmentTree();
  const people = useDptUsers();
  const groups = useGroupOptions();
  const filters = useMemo(
    () => staffFilters(departmentOptions(tree.data ?? [], false), people.data?.people ?? [], groups.data ?? []),
    [tree.data, people.data, groups.data],
  );

  const startRecalc = async () => {
    const { RunId } = await recalc(month);
    setRun({ Total: 0, Done: 0 });
    for (;;) {
      await new Promise((r) => setTimeout(r, 800));
      const p = await recalcProgress(RunId);
      setRun({ Total: p.Total, Done: p.Done });
      if (p.State === 'done' || p.State === 'failed') {
        setRun(null);
        if (p.State === 'failed') ui.toast('error', p.Error || '重新计算失败');
        else ui.toast('success', '重新计算完成');
        await invalidateAfterWrite(client, ATTENDANCE);
        return;
      }
    }
  };

  return (
    <>
      <ListPage<StatRow>
        resource={ATTENDANCE}
        listName="stats"
        rowKey="UserId"
        fetch={statMonth}
        extraParams={{ Month: month }}
        columns={columns}
        searchFields={filters}
        exportCall="/Attendance/StatExport"
        exportName={`考勤统计${month}`}
        toolbar={() => (
          <>
            <DatePicker
              picker="month"
              aria-label="月份"
              allowClear={false}
              value={dayjs(`${month}-01`)}
              onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
            />
            <Auth btn="recalc">
              <Button onClick={() => void startRecalc().catch(() => setRun(null))} loading={!!run}>
                重新计算
              </Button>
            </Auth>
          </>
        )}
        actionsWidth={80}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            日历
          </Button>
        )}
      />
      <MonthCalendar row={viewing} month={month} onClose={() => setViewing(null)} />
      <Modal open={!!run} title="重新计算" footer={null} closable={false}>
        <Progress percent={run?.Total ? Math.round((run.Done / run.Total) * 100) : 0} />
        <p>
          已计算 {run?.Done ?? 0} / {run?.Total ?? 0} 人
        </p>
      </Modal>
    </>
  );
}
