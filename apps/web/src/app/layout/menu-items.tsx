import type { MenuProps } from 'antd';
import { Link } from 'react-router';
import type { ResolvedNode } from './route-tree';
import { RouteIcon } from './sidebar-icons';

type MenuItem = Required<MenuProps>['items'][number];

function label(item: ResolvedNode) {
  const title = item.node.title ?? '';
  if (item.node.external) {
    return (
      <a href={item.fullPath} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    );
  }
  return <Link to={item.fullPath}>{title}</Link>;
}

/**
 * Sidebar rules of spec §2: hidden items are skipped; a group with a single visible child (and no deeper level)
 * is shown as that child, as a plain item; external links open in a new tab.
 */
export function menuItems(tree: ResolvedNode[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const item of tree) {
    if (item.node.hidden) continue;
    const visible = item.children.filter((c) => !c.node.hidden);
    const only = visible[0];
    if (visible.length === 0) {
      items.push({ key: item.fullPath, icon: <RouteIcon name={item.node.icon} />, label: label(item) });
    } else if (visible.length === 1 && only && !only.children.some((c) => !c.node.hidden)) {
      items.push({
        key: only.fullPath,
        icon: <RouteIcon name={only.node.icon ?? item.node.icon} />,
        label: label(only),
      });
    } else {
      items.push({
        key: item.fullPath,
        icon: <RouteIcon name={item.node.icon} />,
        label: item.node.title,
        children: menuItems(item.children),
      });
    }
  }
  return items;
}

/** The menu entry to highlight: the deepest visible node on the way to the page (an edit page lights its list). */
export function activeMenuKey(trail: ResolvedNode[]): string | undefined {
  return trail.filter((t) => !t.node.hidden).at(-1)?.fullPath;
}
