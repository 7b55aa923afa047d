import { PlusOutlined } from '@ant-design/icons';
import type { VehicleRow } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { invalidateAfterWrite, ResourceList } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { useLotOptions } from '../shared/options';
import { RenewDialog } from './renew-dialog';
import { vehicleColumns, vehicles, vehicleSearch } from './resource';
import { StatusDialog } from './status-dialog';

/** 车辆管理 (cwcl_clgl): vehicles with plate chips and 剩余天数; 续期 and 批量续期, 停用/拉黑, 通行记录. */
export default function VehicleListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const lots = useLotOptions();
  const [renew, setRenew] = useState<VehicleRow[]>([]);
  const [statusOf, setStatusOf] = useState<VehicleRow | null>(null);
  const communityOptions = useMemo(
    () => (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
    [communities.data],
  );
  const lotOptions = useMemo(() => (lots.data ?? []).map(({ value, label }) => ({ value, label })), [lots.data]);
  const refresh = () => invalidateAfterWrite(client, 'vehicles');
  return (
    <>
      <ResourceList<VehicleRow, object>
        resource={vehicles}
        add={false}
        columns={vehicleColumns}
        searchFields={vehicleSearch(communityOptions, lotOptions)}
        selectable={['renew']}
        inlineActions={3}
        toolbar={(ctx) => (
          <>
            <Auth btn="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/car/vehicle/create')}>
                新增
              </Button>
            </Auth>
            <Auth btn="renew">
              <Button
                disabled={!ctx.selectedRows.length}
                onClick={() => setRenew(ctx.selectedRows.filter((r) => r.VehicleType === 1))}
              >
                批量续期
              </Button>
            </Auth>
          </>
        )}
        actions={[
          { label: '编辑', btn: 'edit', onClick: (r) => navigate(`/car/vehicle/addEdit?id=${r.Id}`) },
          { label: '续期', btn: 'renew', hidden: (r) => r.VehicleType !== 1, onClick: (r) => setRenew([r]) },
          {
            label: '通行记录',
            onClick: (r) => navigate(`/cardmanage/carreclist?plate=${encodeURIComponent(r.Plate)}`),
          },
          { label: '停用/拉黑', btn: 'edit', onClick: (r) => setStatusOf(r) },
          {
            label: '删除',
            btn: 'del',
            danger: true,
            confirm: (r) => `确定删除车辆「${r.Plate}」吗？`,
            onClick: async (r) => {
              await vehicles.remove(r.Id);
              ui.toast('success', '删除成功');
              await refresh();
            },
          },
        ]}
      />
      <RenewDialog
        ids={renew.map((r) => r.Id)}
        plates={renew.map((r) => r.Plate)}
        onClose={() => setRenew([])}
        onDone={() => {
          setRenew([]);
          void refresh();
        }}
      />
      <StatusDialog
        row={statusOf}
        onClose={() => setStatusOf(null)}
        onDone={() => {
          setStatusOf(null);
          void refresh();
        }}
      />
    </>
  );
}
