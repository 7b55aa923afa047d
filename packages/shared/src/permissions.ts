import { splitBtn } from './btn-list';
import { resolvePath } from './routes/paths';
import type { RouteNode } from './routes/types';

/** One entry of UserInfo.Buttons: Btn is the comma list of button keys granted on the control CtlName. */
export interface ButtonGrant {
  CtlName: string;
  Btn: string;
}

/** Spec §6: buttons of a route without roles are granted under this control. */
export const DEFAULT_BUTTON_CONTROL = 'sfgl_sfbb';

/**
 * Spec §6: a route without roles is open to every signed-in user; otherwise one of the user's Access entries must
 * be in its roles. An empty roles list is roles meta all the same and opens to nobody.
 */
export function canRoute(route: { roles?: readonly string[] }, access: readonly string[]): boolean {
  if (!route.roles) return true;
  return access.some((key) => route.roles?.includes(key));
}

/**
 * The routes the user may open, filtered recursively (spec §6). Beyond the spec, two things keep the menu sound:
 * a group whose screens were all removed is removed too, and a group whose default child was removed redirects to
 * its first remaining visible child.
 */
export function filterRoutes(routes: readonly RouteNode[], access: readonly string[], base = '/'): RouteNode[] {
  const kept: RouteNode[] = [];
  for (const node of routes) {
    if (!canRoute(node, access)) continue;
    if (!node.children) {
      kept.push(node);
      continue;
    }
    const fullPath = resolvePath(base, node.path);
    const children = filterRoutes(node.children, access, fullPath);
    if (node.redirect && children.length === 0) continue;
    const next: RouteNode = { ...node, children };
    if (node.redirect) {
      const childPaths = children.map((c) => resolvePath(fullPath, c.path));
      if (!childPaths.includes(node.redirect)) {
        const first = children.find((c) => !c.hidden) ?? children[0];
        if (first) next.redirect = resolvePath(fullPath, first.path);
      }
    }
    kept.push(next);
  }
  return kept;
}

/** The control a route's buttons are granted under: its first roles entry, else 'sfgl_sfbb' (spec §6). */
export function buttonControl(route: { roles?: readonly string[] } | undefined): string {
  return route?.roles?.[0] ?? DEFAULT_BUTTON_CONTROL;
}

/** True when `key` is in the Btn list of the entry named `control`. */
export function hasButton(control: string, key: string, buttons: readonly ButtonGrant[]): boolean {
  return buttons.some((b) => b.CtlName === control && splitBtn(b.Btn).includes(key));
}

/** Spec §6 button permission for the current route. */
export function canButton(
  route: { roles?: readonly string[] } | undefined,
  key: string,
  buttons: readonly ButtonGrant[],
): boolean {
  return hasButton(buttonControl(route), key, buttons);
}
