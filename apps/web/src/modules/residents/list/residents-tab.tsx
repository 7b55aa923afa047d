import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/auth';
import { DeleteButton, ListPage } from '../../../components/crud';
import { PropertyCascader, type PropertyPath, pathParams } from '../../../components/pickers';
import { RESIDENTS, type ResidentRow, residentDelete, residentImportConfig, residentList, tagList } from './api';
import { residentColumns, residentSearch } from './columns';
import { DetailDrawer } from './detail-drawer';
import { MoveOutDialog } from './move-out-dialog';
import { ResidentDrawer } from './resident-drawer';
import { SetTagsDialog } from './set-tags-dialog';

/** 住户列表: 小区/楼宇 above the filters; 新增, 导入, 导出, 批量打标签; 详情, 编辑, 迁出, 删除 per row. */
export function ResidentsTab() {
  const [path, setPath] = useState<PropertyPath>({});
  const [editId, setEditId] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [moving, setMoving] = useState<ResidentRow | null>(null);
  const [tagging, setTagging] = useState<{ ids: number[]; done(): void } | null>(null);
  const tags = useQuery({ queryKey: [RESIDENTS, 'tags'], queryFn: tagList, staleTime: 60_000 });
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.Id, label: t.Name }));

  return (
    <>
      <div style={{ marginBottom: 8 }}>
        <PropertyCascader depth={2} value={path} onChange={setPath} />
      </div>
      <ListPage<ResidentRow>
        resource={RESIDENTS}
        fetch={residentList}
        columns={residentColumns}
        searchFields={residentSearch(tagOptions)}
        extraParams={pathParams(path)}
        heightExtra={86}
        selectable={['edit']}
        exportCall="/Resident/Export"
        exportName="住户"
        importConfig={residentImportConfig}
        toolbar={(ctx) => (
          <>
            <Auth btn="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditId(0)}>
                新增
              </Button>
            </Auth>
            <Auth btn="edit">
              <Button
                disabled={!ctx.selectedKeys.length}
                onClick={() => setTagging({ ids: ctx.selectedKeys.map(Number), done: ctx.clearSelection })}
              >
                批量打标签
              </Button>
            </Auth>
          </>
        )}
        actionsWidth={220}
        rowActions={(row) => (
          <>
            <Auth btn="view">
              <Button type="link" size="small" onClick={() => setDetailId(row.Id)}>
                详情
              </Button>
            </Auth>
            <Auth btn="edit">
              <Button type="link" size="small" onClick={() => setEditId(row.Id)}>
                编辑
              </Button>
            </Auth>
            {row.Status === 1 && (
              <Auth btn="moveout">
                <Button type="link" size="small" onClick={() => setMoving(row)}>
                  迁出
                </Button>
              </Auth>
            )}
            <DeleteButton
              resource={RESIDENTS}
              title={`确定删除住户「${row.Name}」吗？`}
              description="仅用于删除误录且没有任何记录的住户；已入住的请使用迁出"
              onDelete={() => residentDelete(row.Id)}
            />
          </>
        )}
      />
      <ResidentDrawer id={editId} tags={tagOptions} onClose={() => setEditId(null)} onOpen={setEditId} />
      <DetailDrawer id={detailId} onClose={() => setDetailId(null)} />
      <MoveOutDialog row={moving} onClose={() => setMoving(null)} />
      <SetTagsDialog
        ids={tagging?.ids ?? null}
        tags={tagOptions}
        onClose={(saved) => {
          if (saved) tagging?.done();
          setTagging(null);
        }}
      />
    </>
  );
}
