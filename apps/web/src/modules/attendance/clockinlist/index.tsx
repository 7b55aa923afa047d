import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { departmentOptions, useDepartmentTree } from '../../../components/pickers';
import { staffFilters } from '../shared/filters';
import { useDptUsers, useGroupOptions } from '../shared/api';
import { ExpectedPunches } from './expected-punches';
import { LeaveRecords } from './leave-records';
import { RawPunches } from './raw-punches';

/** 打卡记录 (kqgl_dkjl): one row per expected punch; 原始打卡 lists the raw punches, 请假记录 the leaves. */
export default function ClockInListPage() {
  const [view, setView] = useState<'expected' | 'raw' | 'leave'>('expected');
  const tree = useDepartmentTree();
  const people = useDptUsers();
  const groups = useGroupOptions();
  const filters = useMemo(
    () => staffFilters(departmentOptions(tree.data ?? [], false), people.data?.people ?? [], groups.data ?? []),
    [tree.data, people.data, groups.data],
  );
  return (
    <>
      <Segmented
        style={{ marginBottom: 8 }}
        value={view}
        onChange={(v) => setView(v as typeof view)}
        options={[
          { value: 'expected', label: '打卡记录' },
          { value: 'raw', label: '原始打卡' },
          { value: 'leave', label: '请假记录' },
        ]}
      />
      {view === 'expected' && <ExpectedPunches filters={filters} people={people.data?.people ?? []} />}
      {view === 'raw' && <RawPunches filters={filters} />}
      {view === 'leave' && <LeaveRecords people={people.data?.people ?? []} />}
    </>
  );
}
