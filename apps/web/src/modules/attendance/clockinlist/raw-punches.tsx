import { Tag } from 'antd';
import { type CrudColumn, ListPage, type SearchField } from '../../../components/crud';
import { ATTENDANCE, type LogRow, logList } from '../shared/api';
import { sourceOptions } from '../shared/filters';

const columns: CrudColumn<LogRow>[] = [
  { title: '员工', dataIndex: 'UserName', width: 90, hideable: false },
  { title: '工号', dataIndex: 'JobNo', width: 80 },
  { title: '部门', dataIndex: 'DptName', width: 100 },
  { title: '打卡时间', dataIndex: 'PunchTime', width: 160 },
  {
    title: '来源',
    dataIndex: 'SourceName',
    width: 80,
    render: (v, r) => (r.MakeUp ? <Tag color="gold">补卡·{r.KindName}</Tag> : v),
  },
  { title: '地点/WiFi', dataIndex: 'PlaceName', width: 150, render: (v, r) => v || r.Ssid },
  { title: '外勤', dataIndex: 'Outside', width: 60, render: (v) => (v ? <Tag color="blue">外勤</Tag> : '') },
  { title: '设备', dataIndex: 'DeviceSn', width: 100 },
  { title: '备注', dataIndex: 'Remark', width: 160, render: (v, r) => r.Reason || v },
];

export function RawPunches({ filters }: { filters: SearchField[] }) {
  return (
    <ListPage<LogRow>
      resource={ATTENDANCE}
      listName="logs"
      fetch={logList}
      columns={columns}
      heightExtra={40}
      searchFields={[
        ...filters,
        { name: 'Dates', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
        { name: 'Source', label: '来源', type: 'select', options: sourceOptions, width: 110 },
      ]}
    />
  );
}
