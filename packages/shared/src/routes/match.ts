import { allRoutes } from './catalog';
import { resolvePath } from './paths';
import type { RouteNode } from './types';

export interface FlatRoute {
  fullPath: string;
  node: RouteNode;
  /** Ancestors from the top-level node down to the direct parent (the breadcrumb trail). */
  parents: RouteNode[];
}

/** Every node of a tree, depth first, parents before children. */
export function flattenRoutes(routes: readonly RouteNode[], base = '/', parents: RouteNode[] = []): FlatRoute[] {
  return routes.flatMap((node) => {
    const fullPath = resolvePath(base, node.path);
    const self: FlatRoute = { fullPath, node, parents };
    return node.children ? [self, ...flattenRoutes(node.children, fullPath, [...parents, node])] : [self];
  });
}

/**
 * A matched route. The node's own fields (roles, title, redirect, …) are spread in so the result can be passed
 * straight to `canRoute`; `path` stays the node's own (possibly relative) path, `fullPath` is the pattern.
 */
export interface RouteMatch extends RouteNode, FlatRoute {
  params: Record<string, string>;
}

interface Compiled {
  flat: FlatRoute;
  pattern: RegExp;
  names: string[];
  isStatic: boolean;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(flat: FlatRoute): Compiled {
  const names: string[] = [];
  const parts = flat.fullPath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(?:\((.*)\))?$/.exec(segment);
      if (!param) return escapeRe(segment);
      const [, name = '', constraint] = param;
      names.push(name);
      if (constraint === '.*') return '(.*)';
      if (constraint) return `(${constraint})`;
      return flat.node.idParam && name === 'id' ? '(\\d+)' : '([^/]+)';
    });
  // Both routers match paths case-insensitively by default; so does the catalog.
  const pattern = new RegExp(`^/${parts.join('/')}${parts.length ? '/?' : ''}$`, 'i');
  return { flat, pattern, names, isStatic: names.length === 0 };
}

const compiledCache = new WeakMap<readonly RouteNode[], Compiled[]>();

function compiledFor(routes: readonly RouteNode[]): Compiled[] {
  let compiled = compiledCache.get(routes);
  if (!compiled) {
    const all = flattenRoutes(routes).map(compile);
    // A literal path wins over a pattern that could also match it.
    compiled = [...all.filter((c) => c.isStatic), ...all.filter((c) => !c.isStatic)];
    compiledCache.set(routes, compiled);
  }
  return compiled;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The route a concrete path opens ('/personnel/editArchives/12'), or undefined. Query and hash are ignored.
 * Digits-only ids are enforced: '/personnel/editArchives/ab' matches nothing. Pass the user's filtered routes to
 * search only what he may open.
 */
export function findRouteByPath(path: string, routes: readonly RouteNode[] = allRoutes): RouteMatch | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  for (const c of compiledFor(routes)) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    const params = Object.fromEntries(c.names.map((name, i) => [name, decode(m[i + 1] ?? '')]));
    return { ...c.flat.node, ...c.flat, params };
  }
  return undefined;
}
