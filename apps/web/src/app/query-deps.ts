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
  // 考勤: settings, punches and statistics read one computed day table; the desk shows today's figure.
  attendance: ['attendance', 'dashboard'],
  // 车场: its figures and names in the space and vehicle lists, the desk cards.
  lots: ['lots', 'places', 'vehicles', 'dashboard'],
  // 车位: 车场管理's 已录入/已售/空闲, the vehicle form's spaces, residents' and rooms' 车位 tabs.
  places: ['places', 'lots', 'vehicles', 'residents', 'rooms', 'dashboard'],
  // 车辆: the spaces' 绑定车辆, residents' and rooms' 车辆 tabs, desk cards (月卡到期).
  vehicles: ['vehicles', 'places', 'lots', 'residents', 'rooms', 'dashboard'],
  // 短信: batches, records, recharges and the balance share one root; a send or top-up changes the desk card.
  sms: ['sms', 'dashboard'],
  // 通行管理: a card's grants show in 车道's tasks; a lane's name in every record list; records feed the desk.
  cards: ['cards', 'lanes', 'residents'],
  lanes: ['lanes', 'cards', 'cardrecords', 'carrecords'],
  cardrecords: ['cardrecords'],
  carrecords: ['carrecords', 'dashboard'],
  dashboard: ['dashboard'],
  // 收费台, 收款记录, 预存款: a payment, a void or a top-up changes the bills, balances and lists of all three.
  'fee-desk': ['fee-desk', 'dashboard', 'fee-reports'],
  // 收费项目/标准/绑定/出账: the runs tab, rooms (费用记录, arrears dot) and the desk's bill cards.
  'fee-items': ['fee-items', 'rooms', 'dashboard'],
  // 抄表: readings, the entry grid, and bills made from them.
  'meter-readings': ['meter-readings', 'fee-items', 'dashboard'],
  // 收费报表: a hand-over confirmed or returned there shows in 收款记录's 交班 tab.
  'fee-reports': ['fee-reports', 'fee-desk'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof QUERY_DEPS;

/** What the realtime channel's `show`/`voice` refreshes on every open screen: reminders, desk cards, reviews, lanes' 在线. */
export const REALTIME_DEPS = ['messages', 'dashboard', 'residents', 'lanes'] as const;

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
