import { HOME_PATH } from '@linli/shared';

/** One tab of the tab strip. `path` identifies it (one tab per path); `fullPath` keeps the query to come back to. */
export interface TagView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
}

/** Adds a visited page; a path already open only refreshes its query and title (no duplicates). */
export function addView(views: TagView[], view: TagView): TagView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  const next = views.slice();
  next[index] = { ...views[index]!, fullPath: view.fullPath, title: view.title };
  return next;
}

export interface CloseResult {
  views: TagView[];
  /** Where to go next, when the active tab was closed. */
  navigateTo?: string;
}

/** Where to land after the active tab disappeared: the last remaining tab, or home when none remains. */
export function lastViewOrHome(views: TagView[]): string {
  return views.at(-1)?.fullPath ?? HOME_PATH;
}

export function closeView(views: TagView[], path: string, activePath: string): CloseResult {
  const target = views.find((v) => v.path === path);
  if (!target || target.affix) return { views };
  const rest = views.filter((v) => v.path !== path);
  return path === activePath ? { views: rest, navigateTo: lastViewOrHome(rest) } : { views: rest };
}

/** Keeps the fixed tabs and the chosen one; the chosen one becomes active if it was not. */
export function closeOthers(views: TagView[], keepPath: string, activePath: string): CloseResult {
  const rest = views.filter((v) => v.affix || v.path === keepPath);
  const kept = rest.find((v) => v.path === keepPath);
  return keepPath === activePath || !kept ? { views: rest } : { views: rest, navigateTo: kept.fullPath };
}

/** Keeps only the fixed tabs; the user lands on the last fixed tab (首页) unless he is already on one. */
export function closeAll(views: TagView[], activePath: string): CloseResult {
  const rest = views.filter((v) => v.affix);
  if (rest.some((v) => v.path === activePath)) return { views: rest };
  return { views: rest, navigateTo: lastViewOrHome(rest) };
}

/** Where to go back to a page: its open tab's last URL (filters in the query kept), else the bare path. */
export function returnPath(views: TagView[], path: string): string {
  return views.find((v) => v.path === path)?.fullPath ?? path;
}
