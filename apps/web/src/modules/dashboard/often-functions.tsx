import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { findRouteByPath } from '@linli/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RouteIcon } from '../../app/layout/sidebar-icons';
import { useUserStore } from '../../app/stores/user-store';
import { ui } from '../../app/ui-bridge';
import { dashboardKeys, type FunctionEntry, getRoleFunctions, updateOftenFunctions } from './api';
import { FunctionPicker } from './function-picker';

/** The icon of a screen's menu group, so a tile looks like its sidebar entry. */
function groupIcon(path: string): string | undefined {
  const match = findRouteByPath(path);
  return match?.icon ?? match?.parents.find((p) => p.icon)?.icon;
}

/** 常用功能: the user's own shortcuts, limited to screens he may open. */
export function OftenFunctions() {
  const client = useQueryClient();
  const routes = useUserStore((s) => s.routes);
  const [picking, setPicking] = useState(false);
  const { data, isLoading } = useQuery({ queryKey: dashboardKeys.functions(), queryFn: getRoleFunctions });
  // A shortcut saved before the user lost a permission must not lead to a 401 page.
  const permitted = (f: FunctionEntry) => Boolean(findRouteByPath(f.Path, routes));
  const options = (data?.Options ?? []).filter(permitted);
  const selected = (data?.Selected ?? []).filter(permitted);

  const save = useMutation({
    mutationFn: updateOftenFunctions,
    onSuccess: () => {
      ui.toast('success', '保存成功');
      setPicking(false);
      return client.invalidateQueries({ queryKey: dashboardKeys.functions() });
    },
  });

  return (
    <Card
      title="常用功能"
      className="dashboard-section"
      extra={
        <Button type="link" icon={<SettingOutlined />} onClick={() => setPicking(true)} disabled={isLoading}>
          设置
        </Button>
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : selected.length === 0 ? (
        <Empty description="还没有常用功能，点击右上角“设置”添加" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="often-grid" aria-label="常用功能">
          {selected.map((f) => (
            <li key={f.Path}>
              <Link to={f.Path} className="often-tile">
                <span className="often-tile-icon" aria-hidden>
                  {groupIcon(f.Path) ? <RouteIcon name={groupIcon(f.Path)} /> : <AppstoreOutlined />}
                </span>
                <span className="often-tile-title">{f.Title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <FunctionPicker
        open={picking}
        options={options}
        selected={selected}
        saving={save.isPending}
        onCancel={() => setPicking(false)}
        onSave={(paths) => save.mutate(paths)}
      />
    </Card>
  );
}
