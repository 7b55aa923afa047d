import { PlusOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Auth } from '../../../components/auth';
import { DeleteButton, ListPage } from '../../../components/crud';
import { PropertyCascader, type PropertyPath, pathParams } from '../../../components/pickers';
import { roomImportConfig } from '../buildings/api';
import { ROOMS, type RoomRow, roomDelete, roomList } from './api';
import { BatchStatusDialog } from './batch-status-dialog';
import { roomColumns, roomSearch } from './columns';
import { LinkMeterDialog } from './link-meter-dialog';
import { RoomBoard } from './room-board';
import { RoomDetailDrawer } from './room-detail-drawer';

const FORM = '/housemanage/house/houseaddedit';
const importConfig = roomImportConfig('Room');
type View = 'list' | 'board';

const pathOf = (q: URLSearchParams): PropertyPath => ({
  CommunityId: Number(q.get('communityId') ?? 0) || undefined,
  BuildingId: Number(q.get('buildingId') ?? 0) || undefined,
});

const urlOf = (view: View, path: PropertyPath) => {
  const q = new URLSearchParams();
  if (view === 'board') q.set('view', 'board');
  if (path.CommunityId) q.set('communityId', String(path.CommunityId));
  if (path.BuildingId) q.set('buildingId', String(path.BuildingId));
  return q;
};

/**
 * 房间管理: 小区 → 楼宇 → 单元 above a 列表 | 房态图 switch. The list has the filters, 批量改状态, 绑定仪表, 详情,
 * import and export; the board shows the chosen building. `?view=board&communityId=&buildingId=` opens the board.
 */
export default function RoomListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [path, setPath] = useState<PropertyPath>(() => pathOf(search));
  const [view, setView] = useState<View>(search.get('view') === 'board' ? 'board' : 'list');
  const [detailId, setDetailId] = useState<number | null>(null);
  const [meterRoom, setMeterRoom] = useState<RoomRow | null>(null);
  const [batch, setBatch] = useState<{ rows: RoomRow[]; done(): void } | null>(null);

  // 房态图 of a building row: the page may already be open in a tab, so follow the new query.
  useEffect(() => {
    const next = pathOf(search);
    const same = (p: PropertyPath) => p.CommunityId === next.CommunityId && p.BuildingId === next.BuildingId;
    if (next.BuildingId || next.CommunityId) setPath((p) => (same(p) ? p : next));
    setView(search.get('view') === 'board' ? 'board' : 'list');
  }, [search]);

  // The URL follows what is shown, so F5 (and the tab's remembered query) reopens this view, not an old 房态图.
  const remember = (nextView: View, nextPath: PropertyPath) => setSearch(urlOf(nextView, nextPath), { replace: true });
  const changeView = (next: View) => {
    setView(next);
    remember(next, path);
  };
  const changePath = (next: PropertyPath) => {
    setPath(next);
    remember(view, next);
  };

  return (
    <div className="rooms-page">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8, justifyContent: 'space-between' }}>
        <PropertyCascader value={path} onChange={changePath} />
        <Segmented<View>
          aria-label="视图"
          value={view}
          onChange={changeView}
          options={[
            { value: 'list', label: '列表' },
            { value: 'board', label: '房态图' },
          ]}
        />
      </div>
      <div style={{ display: view === 'list' ? undefined : 'none' }}>
        <ListPage<RoomRow>
          resource={ROOMS}
          fetch={roomList}
          columns={roomColumns}
          searchFields={roomSearch}
          extraParams={pathParams(path)}
          heightExtra={40}
          selectable={['edit']}
          exportCall="/Room/Export"
          exportName="房间"
          importConfig={importConfig}
          toolbar={(ctx) => (
            <>
              <Auth btn="add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(FORM)}>
                  新增
                </Button>
              </Auth>
              <Auth btn="edit">
                <Button
                  disabled={!ctx.selectedRows.length}
                  onClick={() => setBatch({ rows: ctx.selectedRows, done: ctx.clearSelection })}
                >
                  批量改状态
                </Button>
              </Auth>
            </>
          )}
          actionsWidth={220}
          rowActions={(row) => (
            <>
              <Auth btn="edit">
                <Button type="link" size="small" onClick={() => navigate(`${FORM}?id=${row.Id}`)}>
                  编辑
                </Button>
              </Auth>
              <Auth btn="linkmeter">
                <Button type="link" size="small" onClick={() => setMeterRoom(row)}>
                  绑定仪表
                </Button>
              </Auth>
              <Auth btn="view">
                <Button type="link" size="small" onClick={() => setDetailId(row.Id)}>
                  详情
                </Button>
              </Auth>
              <DeleteButton
                resource={ROOMS}
                title={`确定删除房间「${row.FullName}」吗？`}
                onDelete={() => roomDelete(row.Id)}
              />
            </>
          )}
        />
      </div>
      {view === 'board' && <RoomBoard buildingId={path.BuildingId} onOpen={setDetailId} />}
      <RoomDetailDrawer roomId={detailId} onClose={() => setDetailId(null)} />
      <LinkMeterDialog room={meterRoom} onClose={() => setMeterRoom(null)} />
      <BatchStatusDialog
        rows={batch?.rows ?? null}
        onClose={(saved) => {
          if (saved) batch?.done();
          setBatch(null);
        }}
      />
    </div>
  );
}
