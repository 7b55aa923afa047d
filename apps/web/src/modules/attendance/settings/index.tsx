import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { GroupsTab } from './groups-tab';
import { HolidaysTab } from './holidays-tab';
import { ShiftsTab } from './shifts-tab';

/** 考勤设置 (kqgl_kqsz): tabs 考勤组, 班次 and 节假日. */
export default function AttendanceSettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'groups';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams({ tab: k }, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'groups', label: '考勤组', children: <GroupsTab /> },
        { key: 'shifts', label: '班次', children: <ShiftsTab /> },
        { key: 'holidays', label: '节假日', children: <HolidaysTab /> },
      ]}
    />
  );
}
