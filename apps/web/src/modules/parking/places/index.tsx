import { PlusOutlined } from '@ant-design/icons';
import { type ParkingSpaceRow } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { invalidateAfterWrite, ResourceList } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { useLotOptions } from '../shared/options';
import { BatchAddDialog } from './batch-dialog';
import { placeColumns, places, placeSearch } from './resource';

/** 车位管理 (cwcl_cwgl): spaces with owner, lease and bound cars; 新增, 批量新增, 导入, 导出; 释放 back to 空闲. */
export default function PlaceListPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const lotId = Number(search.get('lotId') ?? 0);
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const lots = useLotOptions();
  const [batch, setBatch] = useState(false);
  const communityOptions = useMemo(
    () => (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
    [communities.data],
  );
  const lotOptions = useMemo(() => (lots.data ?? []).map(({ value, label }) => ({ value, label })), [lots.data]);
  return (
    <>
      <ResourceList<ParkingSpaceRow, object>
        key={lotId}
        resource={places}
        add={false}
        columns={placeColumns}
        searchFields={placeSearch(communityOptions, lotOptions)}
        initialFilters={lotId ? { LotId: lotId } : undefined}
        toolbar={() => (
          <Auth btn="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/car/place/create')}>
              新增
            </Button>
            <Button onClick={() => setBatch(true)}>批量新增</Button>
          </Auth>
        )}
        actions={[
          { label: '编辑', btn: 'edit', onClick: (r) => navigate(`/car/place/edit/${r.Id}`) },
          {
            label: '释放',
            btn: 'edit',
            confirm: (r) => `确定释放车位「${r.SpaceNo}」吗？释放后恢复为空闲，清除业主和租期。`,
            hidden: (r) => r.Status === 1,
            onClick: async (r) => {
              await request('/ParkingSpace/Release', { Id: r.Id });
              ui.toast('success', '已释放');
              await invalidateAfterWrite(client, 'places');
            },
          },
          {
            label: '删除',
            btn: 'del',
            danger: true,
            confirm: (r) => `确定删除车位「${r.SpaceNo}」吗？`,
            onClick: async (r) => {
              await places.remove(r.Id);
              ui.toast('success', '删除成功');
              await invalidateAfterWrite(client, 'places');
            },
          },
        ]}
      />
      <BatchAddDialog
        open={batch}
        lots={lotOptions}
        onClose={() => setBatch(false)}
        onDone={() => {
          setBatch(false);
          void invalidateAfterWrite(client, 'places');
        }}
      />
    </>
  );
}
