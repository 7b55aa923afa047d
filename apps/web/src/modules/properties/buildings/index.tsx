import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Auth } from '../../../components/auth';
import { DeleteButton, ListPage } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { BUILDINGS, type BuildingRow, buildingDelete, buildingList, roomImportConfig } from './api';
import { buildingColumns, buildingSearch } from './columns';
import { GenerateRoomsDialog } from './generate-rooms-dialog';

const FORM = '/housemanage/buildingaddedit';
const importConfig = roomImportConfig('Building');

/** 楼宇管理: buildings with units; 生成房间, 房态图, the building + room import and export. */
export default function BuildingListPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const communityId = Number(search.get('communityId') ?? 0) || undefined;
  const communities = useCommunityOptions();
  const filters = useMemo(
    () => buildingSearch((communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))),
    [communities.data],
  );
  const [generating, setGenerating] = useState<BuildingRow | null>(null);

  return (
    <>
      <ListPage<BuildingRow>
        // 楼宇 of a community row opens this list filtered by it.
        key={communityId ?? 0}
        resource={BUILDINGS}
        fetch={buildingList}
        columns={buildingColumns}
        searchFields={filters}
        initialFilters={communityId ? { CommunityId: communityId } : undefined}
        exportCall="/Building/Export"
        exportName="楼宇"
        importConfig={importConfig}
        toolbar={(ctx) => (
          <Auth btn="add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              // A list filtered by a 小区 creates in that 小区.
              onClick={() => navigate(ctx.params.CommunityId ? `${FORM}?communityId=${ctx.params.CommunityId}` : FORM)}
            >
              新增
            </Button>
          </Auth>
        )}
        actionsWidth={240}
        rowActions={(row) => (
          <>
            <Auth btn="edit">
              <Button type="link" size="small" onClick={() => navigate(`${FORM}?id=${row.Id}`)}>
                编辑
              </Button>
            </Auth>
            <Auth btn="genroom">
              <Button type="link" size="small" onClick={() => setGenerating(row)}>
                生成房间
              </Button>
            </Auth>
            <Button
              type="link"
              size="small"
              onClick={() =>
                navigate(`/housemanage/houselist?view=board&communityId=${row.CommunityId}&buildingId=${row.Id}`)
              }
            >
              房态图
            </Button>
            <DeleteButton
              resource={BUILDINGS}
              title={`确定删除楼宇「${row.Name}」吗？`}
              onDelete={() => buildingDelete(row.Id)}
            />
          </>
        )}
      />
      <GenerateRoomsDialog building={generating} onClose={() => setGenerating(null)} />
    </>
  );
}
