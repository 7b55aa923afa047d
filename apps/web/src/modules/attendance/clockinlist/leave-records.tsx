import { type CrudColumn, DeleteButton, ListPage, type Option } from '../../../components/crud';
import { ATTENDANCE, type LeaveRow, leaveDel, leaveList } from '../shared/api';

const columns: CrudColumn<LeaveRow>[] = [
  { title: '员工', dataIndex: 'UserName', width: 90, hideable: false },
  { title: '类型', dataIndex: 'KindName', width: 80 },
  { title: '开始时间', dataIndex: 'StartTime', width: 150 },
  { title: '结束时间', dataIndex: 'EndTime', width: 150 },
  { title: '班内时长', dataIndex: 'Hours', width: 100, render: (v) => `${v}小时` },
  { title: '事由', dataIndex: 'Reason', width: 180, ellipsis: true },
  { title: '登记时间', dataIndex: 'CreateTime', width: 150 },
];

export function LeaveRecords({ people }: { people: Option[] }) {
  return (
    <ListPage<LeaveRow>
      resource={ATTENDANCE}
      listName="leaves"
      fetch={leaveList}
      columns={columns}
      heightExtra={40}
      searchFields={[
        { name: 'UserId', label: '员工', type: 'select', options: people, width: 140 },
        { name: 'Dates', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
      ]}
      rowActions={(row) => (
        <DeleteButton
          title={`确定删除 ${row.UserName} 的${row.KindName}吗？`}
          resource={ATTENDANCE}
          onDelete={() => leaveDel(row.Id)}
        />
      )}
    />
  );
}
