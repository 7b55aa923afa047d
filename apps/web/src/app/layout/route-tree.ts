import { appRoutes, type RouteNode, resolvePath } from '@linli/shared';

/** A catalog node with its absolute path, as the sidebar and the breadcrumb need it. */
export interface ResolvedNode {
  node: RouteNode;
  fullPath: string;
  children: ResolvedNode[];
}

export function resolveTree(routes: RouteNode[], base = '/'): ResolvedNode[] {
  return routes.map((node) => {
    const fullPath = node.external ? node.path : resolvePath(base, node.path);
    return { node, fullPath, children: resolveTree(node.children ?? [], fullPath) };
  });
}

/** The chain of catalog nodes from the top group down to the page at `pathname` (digits-only :id segments). */
export function trailTo(pathname: string, tree: ResolvedNode[] = resolveTree(appRoutes)): ResolvedNode[] {
  for (const item of tree) {
    if (matches(item.fullPath, pathname)) return [item];
    const below = trailTo(pathname, item.children);
    if (below.length) return [item, ...below];
  }
  return [];
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? /^\d+$/.test(b[i]!) : part === b[i]));
}
