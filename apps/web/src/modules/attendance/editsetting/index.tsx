import { Card, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ATTENDANCE, groupGet } from '../shared/api';
import { GroupForm } from './group-form';
import { RosterGrid } from './roster-grid';

/** 编辑考勤组 (hidden, kqgl_kqsz): the group's rules and members; a 排班制 group also its month roster. */
export default function EditSettingPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const tab = params.get('tab') ?? 'rules';
  const detail = useQuery({ queryKey: [ATTENDANCE, 'group', id], queryFn: () => groupGet(id), enabled: id > 0 });
  if (id && detail.isLoading) return <Spin />;
  const group = detail.data;
  if (!id || !group || group.Kind !== 2) return <GroupForm key={id} group={group} />;
  return (
    <Card size="small">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ id: String(id), tab: k }, { replace: true })}
        items={[
          { key: 'rules', label: '考勤规则', children: <GroupForm key={id} group={group} /> },
          { key: 'roster', label: '排班表', children: <RosterGrid group={group} /> },
        ]}
      />
    </Card>
  );
}
