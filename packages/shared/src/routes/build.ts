import { resolvePath } from './paths';
import type { RouteNode } from './types';

type Extra = Omit<RouteNode, 'path' | 'title'>;

/** A screen guarded by its screen key; a path with ':id' takes digits only. */
export function screen(path: string, title: string, key: string, extra: Extra = {}): RouteNode {
  return { path, title, roles: [key], built: false, ...(path.includes('/:id') ? { idParam: true } : {}), ...extra };
}

/** A screen the sidebar skips: create, edit and detail pages, and report pages opened from a hub. */
export function hiddenScreen(path: string, title: string, key: string, extra: Extra = {}): RouteNode {
  return screen(path, title, key, { hidden: true, ...extra });
}

/**
 * A menu group, guarded by its group key (null = open to every signed-in user). Its redirect is the first visible
 * child (spec §2: each group has a default child), written relative here and made absolute by `finalise`, since a
 * nested group does not know its parent's path; `filterRoutes` moves it when the user may not open that child.
 */
export function group(
  path: string,
  title: string,
  icon: string,
  key: string | null,
  children: RouteNode[],
  extra: Extra = {},
): RouteNode {
  const first = children.find((c) => !c.hidden) ?? children[0];
  return {
    path,
    title,
    icon,
    ...(key ? { roles: [key] } : {}),
    built: false,
    ...(first ? { redirect: first.path } : {}),
    children,
    ...extra,
  };
}

function routeName(fullPath: string): string {
  const words = fullPath
    .split('/')
    .filter((seg) => seg && !seg.startsWith(':'))
    .map((seg) => seg.charAt(0).toUpperCase() + seg.slice(1));
  const name = words.join('') || 'Root';
  return /^\d/.test(name) ? `Page${name}` : name;
}

/**
 * Makes redirects absolute and gives every node a unique name derived from its full path (keep-alive and the tab
 * strip key on it).
 */
export function finalise(routes: RouteNode[], base = '/'): RouteNode[] {
  return routes.map((node) => {
    const fullPath = resolvePath(base, node.path);
    const done: RouteNode = { name: routeName(fullPath), ...node };
    if (node.redirect) done.redirect = resolvePath(fullPath, node.redirect);
    if (node.children) done.children = finalise(node.children, fullPath);
    return done;
  });
}
