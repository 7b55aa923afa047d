const EXTERNAL = /^(https?:|mailto:|tel:)/;

/** True for a link that leaves the app (opened in a new tab by the sidebar). */
export function isExternal(path: string): boolean {
  return EXTERNAL.test(path);
}

function normalise(path: string): string {
  const collapsed = `/${path}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/**
 * The absolute path of a child: a child starting with '/' is already absolute ('/housemanage/house/houseaddedit'),
 * an external link stays as it is, anything else is joined to the parent's path.
 */
export function resolvePath(parent: string, child: string): string {
  if (isExternal(child)) return child;
  if (child.startsWith('/')) return normalise(child);
  return normalise(child ? `${parent}/${child}` : parent);
}

/**
 * A catalog path in react-router syntax. The catalog keeps the spec's '/redirect/:path(.*)', which becomes the
 * splat '/redirect/*'; constraints such as ':id(\\d+)' are dropped because react-router has no regex params —
 * digits-only ids are checked with `isDigitsId` (or matched by `findRouteByPath`).
 */
export function toRouterPath(path: string): string {
  return path.replace(/:\w+\(\.\*\)/g, '*').replace(/(:\w+)\([^)]*\)/g, '$1');
}

/** Edit and view routes accept only digits for :id (spec §5). */
export function isDigitsId(value: string | undefined): boolean {
  return value !== undefined && /^\d+$/.test(value);
}
