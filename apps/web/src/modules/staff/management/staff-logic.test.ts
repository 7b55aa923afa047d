import { describe, expect, it } from 'vitest';
import { communitySummary, lastLogin, linkableArchives } from './staff-logic';

describe('staff list cells', () => {
  it('shows 全部小区, or two names and +N', () => {
    expect(communitySummary(true, [])).toBe('全部小区');
    expect(communitySummary(false, ['阳光花园'])).toBe('阳光花园');
    expect(communitySummary(false, ['阳光花园', '翠湖天地', '锦绣苑', '云栖'])).toBe('阳光花园、翠湖天地 +2');
    expect(communitySummary(false, [])).toBe('—');
  });

  it('shows the last sign-in with its IP', () => {
    expect(lastLogin('2025-07-01 08:00:00', '10.0.0.1')).toBe('2025-07-01 08:00:00（10.0.0.1）');
    expect(lastLogin('', '')).toBe('从未登录');
  });

  it('offers only unlinked archives and the person’s own', () => {
    const rows = [
      { Id: 1, UserId: 0 },
      { Id: 2, UserId: 9 },
      { Id: 3, UserId: 5 },
    ];
    expect(linkableArchives(rows, 3).map((a) => a.Id)).toEqual([1, 3]);
  });
});
