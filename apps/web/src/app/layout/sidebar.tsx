import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { appConfig } from '../../config';
import { useSettingsStore } from '../stores/settings-store';
import { useUserStore } from '../stores/user-store';
import { activeMenuKey, menuItems } from './menu-items';
import { resolveTree, trailTo } from './route-tree';

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/" className="sidebar-logo" aria-label={appConfig.sidebarTitle}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <h1>{appConfig.sidebarTitle}</h1>}
    </Link>
  );
}

export function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const routes = useUserStore((s) => s.routes);
  const { pathname } = useLocation();
  const tree = useMemo(() => resolveTree(routes), [routes]);
  const items = useMemo(() => menuItems(tree), [tree]);
  const trail = useMemo(() => trailTo(pathname, tree), [pathname, tree]);
  const selected = activeMenuKey(trail);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // The group of the page being shown opens by itself (deep links, tab switches).
  useEffect(() => {
    if (!collapsed && trail.length > 1) setOpenKeys([trail[0]!.fullPath]);
  }, [trail, collapsed]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={collapsed ? undefined : openKeys}
      // Spec §2: only one submenu open at a time.
      onOpenChange={(keys) => setOpenKeys(keys.slice(-1))}
      onClick={onNavigate}
      aria-label="主菜单"
    />
  );
}

export function Sidebar() {
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  return (
    <aside className={`sidebar${opened ? '' : ' sidebar--collapsed'}`} aria-label="侧边栏">
      {showLogo && <SidebarLogo collapsed={!opened} />}
      <nav className="sidebar-scroll">
        <SidebarMenu collapsed={!opened} />
      </nav>
    </aside>
  );
}
