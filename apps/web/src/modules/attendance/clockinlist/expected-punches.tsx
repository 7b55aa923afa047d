import { ATT_LEAVE_KINDS, LeaveAddBody, MakeUpBody } from '@linli/shared';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/auth';
import {
  type CrudColumn,
  DeleteButton,
  EditDrawer,
  type FormField,
  ListPage,
  type Option,
  type SearchField,
  zodRule,
} from '../../../components/crud';
import { ATTENDANCE, leaveAdd, makeUp, makeUpDel, type PunchRow, punchList } from '../shared/api';
import { sourceOptions, stateColor, stateOptions } from '../shared/filters';
import { ImportPunchDialog } from './import-punch-dialog';

const columns: CrudColumn<PunchRow>[] = [
  { title: '员工', dataIndex: 'UserName', width: 90, fixed: 'left', hideable: false },
  { title: '工号', dataIndex: 'JobNo', width: 80 },
  { title: '部门', dataIndex: 'DptName', width: 100 },
  { title: '考勤组', dataIndex: 'GroupName', width: 110 },
  { title: '日期', dataIndex: 'Day', width: 105 },
  { title: '班次', dataIndex: 'ShiftName', width: 90 },
  { title: '上班/下班', dataIndex: 'KindName', width: 85 },
  { title: '应打卡时间', dataIndex: 'DueTime', width: 140 },
  { title: '实际打卡时间', dataIndex: 'PunchTime', width: 160, render: (v) => v || '—' },
  {
    title: '状态',
    dataIndex: 'StateText',
    width: 150,
    render: (v, r) => <Tag color={stateColor(r.State)}>{v}</Tag>,
  },
  { title: '地点/WiFi', dataIndex: 'PlaceName', width: 140, render: (v, r) => v || r.Ssid },
  { title: '来源', dataIndex: 'SourceName', width: 80 },
  {
    title: '照片',
    dataIndex: 'PhotoPath',
    width: 70,
    render: (v) =>
      v ? (
        <a href={`/uploads/${String(v)}`} target="_blank" rel="noreferrer">
          查看
        </a>
      ) : (
        ''
      ),
  },
  { title: '备注', dataIndex: 'Reason', width: 150, ellipsis: true, render: (v, r) => v || r.Remark },
];

const leaveKinds = ATT_LEAVE_KINDS.flatMap((label, value) => (value ? [{ value, label }] : []));

export function ExpectedPunches({ filters, people }: { filters: SearchField[]; people: Option[] }) {
  const [drawer, setDrawer] = useState<'makeup' | 'leave' | null>(null);
  const [importing, setImporting] = useState(false);
  const search: SearchField[] = [
    ...filters,
    { name: 'Dates', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
    { name: 'State', label: '状态', type: 'select', options: stateOptions, width: 110 },
    { name: 'Source', label: '来源', type: 'select', options: sourceOptions, width: 110 },
  ];
  const makeUpFields: FormField<MakeUpBody>[] = [
    {
      name: 'UserId',
      label: '员工',
      type: 'select',
      options: people,
      required: true,
      props: { showSearch: true, optionFilterProp: 'label' },
    },
    { name: 'Day', label: '日期', type: 'date', required: true, rules: [zodRule(MakeUpBody, 'Day')] },
    {
      name: 'Kind',
      label: '上/下班',
      type: 'radio',
      options: [
        { value: 1, label: '上班' },
        { value: 2, label: '下班' },
      ],
      required: true,
    },
    {
      name: 'Time',
      label: '补卡时间',
      placeholder: 'HH:mm，如 18:05',
      required: true,
      rules: [zodRule(MakeUpBody, 'Time')],
      extra: '跨天班次的下班填次日时间',
    },
    {
      name: 'Reason',
      label: '原因',
      type: 'textarea',
      required: true,
      maxLength: 200,
      rules: [zodRule(MakeUpBody, 'Reason')],
    },
  ];
  const leaveFields: FormField<LeaveAddBody>[] = [
    {
      name: 'UserId',
      label: '员工',
      type: 'select',
      options: people,
      required: true,
      props: { showSearch: true, optionFilterProp: 'label' },
    },
    { name: 'Kind', label: '请假类型', type: 'select', options: leaveKinds, required: true },
    {
      name: 'StartTime',
      label: '开始时间',
      placeholder: 'YYYY-MM-DD HH:mm',
      required: true,
      rules: [zodRule(LeaveAddBody, 'StartTime')],
    },
    {
      name: 'EndTime',
      label: '结束时间',
      placeholder: 'YYYY-MM-DD HH:mm',
      required: true,
      rules: [zodRule(LeaveAddBody, 'EndTime')],
    },
    { name: 'Reason', label: '事由', type: 'textarea', maxLength: 200 },
  ];
  return (
    <>
      <ListPage<PunchRow>
        resource={ATTENDANCE}
        listName="punches"
        rowKey={'Key' as keyof PunchRow & string}
        fetch={async (p) => {
          const r = await punchList(p);
          return { ...r, data: r.data.map((x) => ({ ...x, Key: `${x.DayId}-${x.Kind}` })) };
        }}
        columns={columns}
        searchFields={search}
        heightExtra={40}
        exportCall="/Attendance/PunchExport"
        exportName="打卡记录"
        toolbar={() => (
          <>
            <Auth btn="add">
              <Button type="primary" onClick={() => setDrawer('makeup')}>
                补卡
              </Button>
            </Auth>
            <Auth btn="leave">
              <Button onClick={() => setDrawer('leave')}>请假登记</Button>
            </Auth>
            <Auth btn="import">
              <Button onClick={() => setImporting(true)}>导入</Button>
            </Auth>
          </>
        )}
        actionsWidth={90}
        rowActions={(row) =>
          row.MakeUp && row.PunchId ? (
            <DeleteButton
              title={`确定删除 ${row.UserName} ${row.Day} 的${row.KindName}补卡吗？`}
              resource={ATTENDANCE}
              onDelete={() => makeUpDel(row.PunchId!)}
            />
          ) : null
        }
      />
      <EditDrawer<MakeUpBody>
        open={drawer === 'makeup'}
        title="补卡"
        fields={makeUpFields}
        initialValues={{ Kind: 2 }}
        resource={ATTENDANCE}
        successText="补卡成功"
        onSubmit={(v) => makeUp(v)}
        onClose={() => setDrawer(null)}
      />
      <EditDrawer<LeaveAddBody>
        open={drawer === 'leave'}
        title="请假登记"
        fields={leaveFields}
        initialValues={{ Kind: 1 }}
        resource={ATTENDANCE}
        successText="登记成功"
        onSubmit={(v) => leaveAdd(v)}
        onClose={() => setDrawer(null)}
      />
      <ImportPunchDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
