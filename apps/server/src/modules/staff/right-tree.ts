import { appRoutes, buttonKeys, flattenRoutes, groupOfScreen, type PositionRight, roleTree } from '@linli/shared';
import { fieldError } from '../../core/errors';

/** Role key → its title in the menu: the first visible route that names it (hidden edit pages only as a fallback). */
const titles = (() => {
  const map = new Map<string, string>();
  const flat = flattenRoutes(appRoutes);
  for (const pass of [false, true]) {
    for (const { node } of flat) {
      const key = node.roles?.[0];
      if (key && node.title && !map.has(key) && (pass || !node.hidden)) map.set(key, node.title);
    }
  }
  return map;
})();

export interface RightTreeNode {
  Key: string;
  Title: string;
  Children: { Key: string; Title: string; Buttons: { Key: string; Title: string }[] }[];
}

/** The position editor's tree: the catalog's menu groups, their screens, and each screen's button keys. */
export const rightTree: RightTreeNode[] = roleTree.map((g) => ({
  Key: g.key,
  Title: titles.get(g.key) ?? g.key,
  Children: g.children.map((s) => ({
    Key: s,
    Title: titles.get(s) ?? s,
    Buttons: (buttonKeys[s] ?? []).map((b) => ({ Key: b.key, Title: b.title })),
  })),
}));

/** Every screen with every button: what the system position shows (all ticked) and what a copy of it receives. */
export function allRights(): PositionRight[] {
  return roleTree.flatMap((g) => [
    { RoleKey: g.key, Btn: '' },
    ...g.children.map((s) => ({ RoleKey: s, Btn: (buttonKeys[s] ?? []).map((b) => b.key).join(',') })),
  ]);
}

/**
 * What a save stores: screen keys with only their own button keys, plus the group of each granted screen with Btn ''.
 * A group sent alone grants nothing (its screens must be ticked), so what is ticked is exactly what is granted.
 */
export function normaliseRights(rights: PositionRight[]): PositionRight[] {
  const screens = new Map<string, Set<string>>();
  for (const r of rights) {
    if (roleTree.some((g) => g.key === r.RoleKey)) continue;
    if (!groupOfScreen(r.RoleKey)) throw fieldError('Rights', `权限项不存在：${r.RoleKey}`);
    const valid = new Set((buttonKeys[r.RoleKey] ?? []).map((b) => b.key));
    const set = screens.get(r.RoleKey) ?? new Set<string>();
    for (const b of r.Btn.split(',')) {
      const k = b.trim();
      if (!k) continue;
      if (!valid.has(k)) throw fieldError('Rights', `权限项不存在：${r.RoleKey}:${k}`);
      set.add(k);
    }
    screens.set(r.RoleKey, set);
  }
  const groups = new Set([...screens.keys()].map((s) => groupOfScreen(s)!));
  return [
    ...[...groups].map((g) => ({ RoleKey: g, Btn: '' })),
    ...[...screens].map(([s, set]) => ({
      RoleKey: s,
      Btn: (buttonKeys[s] ?? [])
        .map((b) => b.key)
        .filter((k) => set.has(k))
        .join(','),
    })),
  ];
}
