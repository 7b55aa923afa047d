import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { Auth } from '../../../components/auth';
import { type CrudColumn, DeleteButton, ListPage } from '../../../components/crud';
import { ATTENDANCE, type GroupRow, groupDel, groupList } from '../shared/api';

const columns: CrudColumn<GroupRow>[] = [
  { title: '名称', dataIndex: 'Name', width: 160, hideable: false },
  {
    title: '类型',
    dataIndex: 'KindName',
    width: 100,
    render: (v, r) => <Tag color={r.Kind === 1 ? 'blue' : 'purple'}>{v}</Tag>,
  },
  { title: '班次', dataIndex: 'ShiftNames', width: 180 },
  { title: '工作日', dataIndex: 'WorkDaysText', width: 160 },
  {
    title: '打卡方式',
    dataIndex: 'PunchWays',
    width: 160,
    render: (v, r) => `${v}${r.AllowOutside ? '，允许外勤' : ''}`,
  },
  { title: '人数', dataIndex: 'MemberCount', width: 80, align: 'right' },
  { title: '负责人', dataIndex: 'LeaderName', width: 100 },
];

export function GroupsTab() {
  const navigate = useNavigate();
  return (
    <ListPage<GroupRow>
      resource={ATTENDANCE}
      listName="groups"
      fetch={groupList}
      columns={columns}
      heightExtra={56}
      searchFields={[{ name: 'Keyword', label: '名称' }]}
      toolbar={() => (
        <Auth btn="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/attendance/editsetting')}>
            新增考勤组
          </Button>
        </Auth>
      )}
      actionsWidth={180}
      rowActions={(row) => (
        <>
          <Auth btn="edit">
            <Button type="link" size="small" onClick={() => navigate(`/attendance/editsetting?id=${row.Id}`)}>
              编辑
            </Button>
          </Auth>
          {row.Kind === 2 && (
            <Auth btn="edit">
              <Button
                type="link"
                size="small"
                onClick={() => navigate(`/attendance/editsetting?id=${row.Id}&tab=roster`)}
              >
                排班
              </Button>
            </Auth>
          )}
          <DeleteButton
            title={`确定删除考勤组「${row.Name}」吗？`}
            resource={ATTENDANCE}
            onDelete={() => groupDel(row.Id)}
          />
        </>
      )}
    />
  );
}
