import type { QueryClient } from '@tanstack/react-query';

/**
 * What a write shows elsewhere: resource → the query-key roots of every screen that displays what a write to it
 * changed. The first part of every query key is one of these roots (`['rooms', 'list', params]`,
 * `['dashboard', 'desk-data']`); a write invalidates its resource's roots, so every screen still open refetches and
 * the others load afresh when shown. The kit's resource declarations and hand-made mutations both use this one map:
 * add a root here when a new screen shows another resource's data.
 */
export const QUERY_DEPS = {
  // 小区: names in every property list, pickers, the desk cards (小区数).
  communities: ['communities', 'buildings', 'rooms', 'residents', 'handover', 'dashboard'],
  // 楼宇: 房间管理's 楼宇 filter and tree, room names, 小区管理's 楼宇数.
  buildings: ['buildings', 'communities', 'rooms', 'residents', 'dashboard'],
  // 房间: status and names in the resident lists, building room counts, 小区管理's 房间数 and 入住率, desk cards.
  rooms: ['rooms', 'buildings', 'communities', 'residents', 'handover', 'dashboard'],
  // 住户 and 注册审核 (same root): a room's 住户数 and 状态, faces, the desk cards and the pending-review reminders.
  residents: ['residents', 'rooms', 'faces', 'dashboard', 'messages'],
  faces: ['faces', 'residents'],
  handover: ['handover', 'rooms', 'dashboard'],
  departments: ['departments', 'staff'],
  staff: ['staff', 'departments', 'archives'],
  archives: ['archives', 'staff'],
  positions: ['positions', 'staff'],
  messages: ['messages', 'dashboard'],
  dashboard: ['dashboard'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof QUERY_DEPS;

/** What the realtime channel's `show`/`voice` refreshes on every open screen: reminders, desk cards, reviews. */
export const REALTIME_DEPS = ['messages', 'dashboard', 'residents'] as const;

/** The query-key roots a write to `resource` makes stale (the resource itself when the map does not know it). */
export function dependentRoots(resource: string): readonly string[] {
  return (QUERY_DEPS as Record<string, readonly string[]>)[resource] ?? [resource];
}

/** Invalidates every query that shows what a write to these resources changed; active ones refetch at once. */
export async function invalidateAfterWrite(client: QueryClient, ...resources: string[]): Promise<void> {
  const roots = new Set(resources.flatMap(dependentRoots));
  await Promise.all([...roots].map((root) => client.invalidateQueries({ queryKey: [root] })));
}

/** What a realtime `show` refreshes (another user's write reached this one). */
export async function invalidateOnRealtime(client: QueryClient): Promise<void> {
  await Promise.all(REALTIME_DEPS.map((root) => client.invalidateQueries({ queryKey: [root] })));
}
