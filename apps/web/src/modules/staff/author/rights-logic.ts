import type { PositionRight } from '@linli/shared';
import type { RightGroup } from './api';

/** What is ticked: each granted screen with its granted button keys. Groups are derived, never stored. */
export type Ticked = ReadonlyMap<string, ReadonlySet<string>>;

export type TickState = 'all' | 'some' | 'none';

/** The saved rights → ticks (group rows are dropped: a group is ticked through its screens). */
export function fromRights(rights: readonly PositionRight[], tree: readonly RightGroup[]): Ticked {
  const screens = new Set(tree.flatMap((g) => g.Children.map((s) => s.Key)));
  const out = new Map<string, Set<string>>();
  for (const r of rights) {
    if (!screens.has(r.RoleKey)) continue;
    out.set(
      r.RoleKey,
      new Set(
        r.Btn.split(',')
          .map((b) => b.trim())
          .filter(Boolean),
      ),
    );
  }
  return out;
}

/** Ticks → the Save body's Rights: each group with a ticked screen (Btn ''), then each screen with its buttons. */
export function toRights(ticked: Ticked, tree: readonly RightGroup[]): PositionRight[] {
  const out: PositionRight[] = [];
  for (const g of tree) {
    const screens = g.Children.filter((s) => ticked.has(s.Key));
    if (!screens.length) continue;
    out.push({ RoleKey: g.Key, Btn: '' });
    for (const s of screens) {
      const btns = ticked.get(s.Key)!;
      // Keep the catalog's order of buttons.
      out.push({
        RoleKey: s.Key,
        Btn: s.Buttons.filter((b) => btns.has(b.Key))
          .map((b) => b.Key)
          .join(','),
      });
    }
  }
  return out;
}

const screenOf = (tree: readonly RightGroup[], key: string) =>
  tree.flatMap((g) => g.Children).find((s) => s.Key === key);

/** Ticking a screen ticks all its buttons; unticking it drops them. */
export function toggleScreen(ticked: Ticked, tree: readonly RightGroup[], key: string, on: boolean): Ticked {
  const next = new Map(ticked);
  if (on) next.set(key, new Set(screenOf(tree, key)?.Buttons.map((b) => b.Key) ?? []));
  else next.delete(key);
  return next;
}

/** A button needs its screen: ticking one ticks the screen too (with only that button added). */
export function toggleButton(ticked: Ticked, screen: string, btn: string, on: boolean): Ticked {
  const next = new Map(ticked);
  const set = new Set(next.get(screen) ?? []);
  if (on) set.add(btn);
  else set.delete(btn);
  if (on || next.has(screen)) next.set(screen, set);
  return next;
}

export function toggleGroup(ticked: Ticked, tree: readonly RightGroup[], group: string, on: boolean): Ticked {
  let next = ticked;
  for (const s of tree.find((g) => g.Key === group)?.Children ?? []) next = toggleScreen(next, tree, s.Key, on);
  return next;
}

/** 全选: every screen with every button. */
export const tickAll = (tree: readonly RightGroup[]): Ticked =>
  new Map(tree.flatMap((g) => g.Children.map((s) => [s.Key, new Set(s.Buttons.map((b) => b.Key))] as const)));

/** A group is fully ticked when all its screens and their buttons are; half-ticked when anything under it is. */
export function groupState(ticked: Ticked, group: RightGroup): TickState {
  const states = group.Children.map((s) => screenState(ticked, s));
  if (states.every((s) => s === 'all')) return 'all';
  return states.some((s) => s !== 'none') ? 'some' : 'none';
}

export function screenState(ticked: Ticked, screen: RightGroup['Children'][number]): TickState {
  const set = ticked.get(screen.Key);
  if (!set) return 'none';
  return screen.Buttons.every((b) => set.has(b.Key)) ? 'all' : 'some';
}

/** How many screens are ticked, for the summary line. */
export const tickedScreens = (ticked: Ticked) => ticked.size;
