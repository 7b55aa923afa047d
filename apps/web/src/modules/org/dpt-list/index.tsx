import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Auth } from '../../../components/auth';
import { DeleteButton, EditDrawer, ListPage, SplitLayout } from '../../../components/crud';
import {
  DEPARTMENT_TYPE_NAMES,
  type DepartmentNode,
  DepartmentTreePanel,
  indexDepartments,
  parentOptions,
  useDepartmentTree,
  useStaffOptions,
} from '../../../components/pickers';
import {
  DEPARTMENTS,
  type Department,
  deleteDepartment,
  departmentStaff,
  getDepartment,
  STAFF,
  saveDepartment,
} from './api';
import { departmentFields, staffColumns } from './columns';

type Editing = { mode: 'add'; parent: DepartmentNode } | { mode: 'edit'; node: DepartmentNode } | null;

/** 组织架构: the company tree on the left; the chosen node, its actions and its staff on the right. */
export default function DepartmentsPage() {
  const { data: tree = [] } = useDepartmentTree();
  const byId = useMemo(() => indexDepartments(tree), [tree]);
  const [selected, setSelected] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const leaders = useStaffOptions();
  const node = byId.get(selected) ?? byId.get(0);
  const parent = node?.ParentId !== undefined ? byId.get(node.ParentId) : undefined;
  const isRoot = node?.Type === 1;

  const selfId = editing?.mode === 'edit' ? editing.node.Id : 0;
  const fields = useMemo(
    () => departmentFields(parentOptions(tree, selfId), leaders.data ?? []),
    [tree, selfId, leaders.data],
  );

  return (
    <SplitLayout side={<DepartmentTreePanel selected={selected} onSelect={(id) => setSelected(id)} />} sideWidth={280}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Card
          size="small"
          title={
            <Space>
              {node?.DptName ?? '—'}
              {node && (
                <Tag color={node.Type === 2 ? 'blue' : node.Type === 1 ? 'gold' : 'default'}>
                  {DEPARTMENT_TYPE_NAMES[node.Type]}
                </Tag>
              )}
            </Space>
          }
          extra={
            node && (
              <Space wrap>
                <Auth btn="add">
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => setEditing({ mode: 'add', parent: node })}
                  >
                    新增下级
                  </Button>
                </Auth>
                {!isRoot && (
                  <Auth btn="edit">
                    <Button icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', node })}>
                      编辑
                    </Button>
                  </Auth>
                )}
                {!isRoot && (
                  <DeleteButton
                    title={`确定删除「${node.DptName}」吗？`}
                    resource={DEPARTMENTS}
                    onDelete={() => deleteDepartment(node.Id)}
                    onDeleted={() => setSelected(node.ParentId ?? 0)}
                  />
                )}
              </Space>
            )
          }
        >
          {node && (
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label="上级">{isRoot ? '—' : (parent?.DptName ?? '—')}</Descriptions.Item>
              <Descriptions.Item label="员工数">{node.StaffCount}</Descriptions.Item>
              <Descriptions.Item label="下级部门">{node.children?.length ?? 0}</Descriptions.Item>
              {!isRoot && (
                <>
                  <Descriptions.Item label="负责人">{node.LeaderName || '—'}</Descriptions.Item>
                  <Descriptions.Item label="电话">{node.Tel || '—'}</Descriptions.Item>
                  <Descriptions.Item label="排序">{node.Sort ?? 0}</Descriptions.Item>
                  <Descriptions.Item label="备注">{node.Remark || '—'}</Descriptions.Item>
                </>
              )}
            </Descriptions>
          )}
        </Card>
        <Card size="small" title="部门员工">
          <ListPage
            resource={STAFF}
            listName="by-department"
            fetch={departmentStaff}
            columns={staffColumns}
            searchFields={[{ name: 'Keyword', label: '关键字', placeholder: '姓名/账号/手机' }]}
            extraParams={selected ? { DptId: selected } : undefined}
            heightExtra={140}
            emptyText="该部门下暂无员工"
          />
        </Card>
      </Space>
      <EditDrawer<Department>
        open={!!editing}
        title={editing?.mode === 'edit' ? '编辑部门' : '新增下级'}
        fields={fields}
        editing={editing?.mode === 'edit'}
        initialValues={editing?.mode === 'add' ? { Id: 0, ParentId: editing.parent.Id, Type: 3, Sort: 0 } : undefined}
        load={editing?.mode === 'edit' ? () => getDepartment(editing.node.Id) : undefined}
        resource={DEPARTMENTS}
        onSubmit={(values) =>
          saveDepartment({ ...values, Id: editing?.mode === 'edit' ? editing.node.Id : 0 } as never)
        }
        onSaved={(id) => typeof id === 'number' && id > 0 && setSelected(id)}
        onClose={() => setEditing(null)}
      />
    </SplitLayout>
  );
}
