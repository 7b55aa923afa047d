import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Auth } from '../../../components/auth';
import { DeleteButton, ListPage } from '../../../components/crud';
import { departmentOptions, useDepartmentTree } from '../../../components/pickers';
import { ARCHIVES, type ArchiveRow, archiveDelete, archiveList } from './api';
import { ArchiveViewDrawer } from './archive-view-drawer';
import { archiveColumns, archiveSearchFields } from './columns';
import { LeaveDialog } from './leave-dialog';

/** 员工档案: staff files with contract-expiry colours; 新增/编辑 open their pages, 办理离职 a dialog. */
export default function ArchivesPage() {
  const navigate = useNavigate();
  const tree = useDepartmentTree();
  const filters = useMemo(() => archiveSearchFields(departmentOptions(tree.data ?? [], false)), [tree.data]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [leaving, setLeaving] = useState<ArchiveRow | null>(null);

  return (
    <>
      <ListPage<ArchiveRow>
        resource={ARCHIVES}
        fetch={archiveList}
        columns={archiveColumns}
        searchFields={filters}
        exportCall="/Archives/Export"
        exportName="员工档案"
        importConfig={{
          title: '导入员工档案',
          name: '员工档案导入',
          templateCall: '/Archives/ImportTemplate',
          importCall: '/Archives/Import',
        }}
        toolbar={() => (
          <Auth btn="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/personnel/createArchives')}>
              新增
            </Button>
          </Auth>
        )}
        actionsWidth={230}
        rowActions={(row) => (
          <>
            <Auth btn="view">
              <Button type="link" size="small" onClick={() => setViewing(row.Id)}>
                查看
              </Button>
            </Auth>
            <Auth btn="edit">
              <Button type="link" size="small" onClick={() => navigate(`/personnel/editArchives/${row.Id}`)}>
                编辑
              </Button>
            </Auth>
            {row.Status === 1 && (
              <Auth btn="leave">
                <Button type="link" size="small" onClick={() => setLeaving(row)}>
                  办理离职
                </Button>
              </Auth>
            )}
            {row.Status !== 1 && (
              <DeleteButton
                title={`确定删除「${row.Name}」的档案吗？`}
                resource={ARCHIVES}
                onDelete={() => archiveDelete(row.Id)}
              />
            )}
          </>
        )}
      />
      <ArchiveViewDrawer id={viewing} onClose={() => setViewing(null)} />
      <LeaveDialog row={leaving} onClose={() => setLeaving(null)} />
    </>
  );
}
