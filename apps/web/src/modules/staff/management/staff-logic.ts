/** 负责小区 in the list: 全部小区, or at most two names and '+N' for the rest. */
export function communitySummary(all: boolean, names: readonly string[], shown = 2): string {
  if (all) return '全部小区';
  if (!names.length) return '—';
  const head = names.slice(0, shown).join('、');
  return names.length > shown ? `${head} +${names.length - shown}` : head;
}

/** 最后登录 as one line: time and IP, or 从未登录. */
export const lastLogin = (time: string, ip: string) => (time ? `${time}${ip ? `（${ip}）` : ''}` : '从未登录');

/** The archives the form may link: free ones plus the person's own. */
export const linkableArchives = <T extends { Id: number; UserId: number }>(rows: readonly T[], own: number) =>
  rows.filter((a) => !a.UserId || a.Id === own);
