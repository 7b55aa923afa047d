import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth, useAuth } from '../../../components/auth';
import { DeleteButton, EditDrawer, ListPage, SplitLayout } from '../../../components/crud';
import { DepartmentTreePanel } from '../../../components/pickers';
import {
  STAFF,
  type StaffRow,
  type StaffValues,
  staffDelete,
  staffGet,
  staffList,
  staffSave,
  staffSetState,
  staffUnlock,
} from './api';
import { searchFields, staffColumns, staffFormFields } from './columns';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useStaffOptions } from './use-staff-options';
import { invalidateAfterWrite } from '../../../app/query-deps';

const NEW_STAFF: Partial<StaffValues> = { Id: 0, Gender: 0, AllCommunity: false, PositionIds: [], CommunityIds: [] };

/** 员工管理: staff accounts filtered by the department tree; positions, data scope, state, password, import/export. */
export default function StaffPage() {
  const can = useAuth();
  const queryClient = useQueryClient();
  const [dptId, setDptId] = useState(0);
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const options = useStaffOptions(editing && editing !== 'new' ? editing.ArchiveId : 0);

  const run = useCallback(
    async (row: StaffRow, action: () => Promise<unknown>, done: string) => {
      setBusyId(row.Id);
      try {
        await action();
        ui.toast('success', done);
        await invalidateAfterWrite(queryClient, STAFF);
      } catch {
        // Refusals ('不能停用自己的账号', '企业管理员账号不能停用') were toasted by the request client.
      } finally {
        setBusyId(null);
      }
    },
    [queryClient],
  );

  const columns = useMemo(
    () =>
      staffColumns({
        can: can('state'),
        busyId,
        toggle: (row) =>
          void run(row, () => staffSetState(row.Id, row.State === 1 ? 0 : 1), row.State === 1 ? '已停用' : '已启用'),
      }),
    [can, busyId, run],
  );
  const filters = useMemo(
    () => searchFields(options.positions, options.communities),
    [options.positions, options.communities],
  );
  const fields = useMemo(() => staffFormFields(options), [options]);
  const isEdit = editing !== null && editing !== 'new';

  return (
    <SplitLayout side={<DepartmentTreePanel title="部门" selected={dptId} onSelect={(id) => setDptId(id)} />}>
      <ListPage<StaffRow>
        resource={STAFF}
        fetch={staffList}
        columns={columns}
        searchFields={filters}
        extraParams={dptId ? { DptId: dptId } : undefined}
        exportCall="/user/StaffExport"
        exportName="员工"
        importConfig={{
          title: '导入员工',
          name: '员工导入',
          templateCall: '/user/StaffImportTemplate',
          importCall: '/user/StaffImport',
          hint: '列：登录账号、姓名、手机、部门（如 工程部/电梯组）、岗位（名称，多个用逗号分隔）、负责小区（名称或“全部”）、初始密码。全部行检查通过才会导入。',
        }}
        toolbar={() => (
          <Auth btn="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增
            </Button>
          </Auth>
        )}
        actionsWidth={190}
        rowActions={(row) => (
          <>
            <Auth btn="edit">
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                编辑
              </Button>
            </Auth>
            <Auth btn="resetpwd">
              <Button type="link" size="small" onClick={() => setResetting(row)}>
                重置密码
              </Button>
            </Auth>
            {row.Locked && (
              <Auth btn="unlock">
                <Button
                  type="link"
                  size="small"
                  loading={busyId === row.Id}
                  onClick={() => void run(row, () => staffUnlock(row.Id), '已解锁')}
                >
                  解锁
                </Button>
              </Auth>
            )}
            {!row.IsAdmin && (
              <DeleteButton
                title={`确定删除员工「${row.UserName}」吗？`}
                description="删除后该账号不能登录，历史记录保留姓名。"
                resource={STAFF}
                onDelete={() => staffDelete(row.Id)}
              />
            )}
          </>
        )}
      />
      <EditDrawer<StaffValues>
        open={editing !== null}
        title={isEdit ? '编辑员工' : '新增员工'}
        width={640}
        fields={fields}
        editing={isEdit}
        initialValues={isEdit ? (editing as unknown as StaffValues) : { ...NEW_STAFF, DptId: dptId || undefined }}
        load={isEdit ? () => staffGet((editing as StaffRow).Id) as never : undefined}
        resource={STAFF}
        onSubmit={(values) =>
          staffSave({
            ...values,
            Id: isEdit ? (editing as StaffRow).Id : 0,
            ArchiveId: values.ArchiveId ?? 0,
          } as StaffValues)
        }
        onSaved={() => void invalidateAfterWrite(queryClient, 'departments')}
        onClose={() => setEditing(null)}
      />
      <ResetPasswordDialog row={resetting} onClose={() => setResetting(null)} />
    </SplitLayout>
  );
}
