import { describe, expect, it } from 'vitest';
import { adminGrants, buttonsPayload, grantsFromRights } from './access';
import { type Auth, requireRight } from './auth';
import type { ApiError } from './errors';

const authWith = (rights: { roleKey: string; btn: string }[], isAdmin = false): Auth => ({
  sessionId: 1,
  userId: 1,
  cmpId: 1,
  account: 'x',
  name: 'x',
  isAdmin,
  allCommunity: false,
  timeZone: 'Asia/Shanghai',
  ...grantsFromRights(rights),
});

describe('grants', () => {
  it("puts dashboard first and adds each screen's group", () => {
    const g = grantsFromRights([
      { roleKey: 'fcgl_fjgl', btn: '' },
      { roleKey: 'zhgl_zhgl', btn: 'add' },
    ]);
    expect(g.access).toEqual(['dashboard', 'fcgl_fjgl', 'fcgl', 'zhgl_zhgl', 'zhgl']);
    expect(buttonsPayload(g.buttons)).toEqual([
      { CtlName: 'fcgl_fjgl', Btn: '' },
      { CtlName: 'zhgl_zhgl', Btn: 'add' },
    ]);
  });

  it('unions buttons over positions that grant the same screen', () => {
    const g = grantsFromRights([
      { roleKey: 'sfgl_jft', btn: 'pay' },
      { roleKey: 'sfgl_jft', btn: 'pay,void' },
    ]);
    expect(buttonsPayload(g.buttons)).toEqual([{ CtlName: 'sfgl_jft', Btn: 'pay,void' }]);
  });

  it('a position without screens still reaches the dashboard', () => {
    expect(grantsFromRights([]).access).toEqual(['dashboard']);
  });

  it('the administrator holds every group and screen key', () => {
    const g = adminGrants();
    expect(g.access).toContain('qygl_qyzl');
    expect(g.access).toContain('cdzgl');
    expect(g.buttons.get('yggl_yggl')?.has('resetpwd')).toBe(true);
  });
});

describe('requireRight', () => {
  const front = authWith([
    { roleKey: 'fcgl_fjgl', btn: '' },
    { roleKey: 'zhgl_zhgl', btn: 'add' },
  ]);
  const refused = (role?: string, btn?: string) => {
    try {
      requireRight(front, role, btn);
      return null;
    } catch (e) {
      return (e as ApiError).ret;
    }
  };

  it('allows a held screen and a held button', () => {
    expect(refused('zhgl_zhgl', 'add')).toBeNull();
    expect(refused('fcgl_fjgl')).toBeNull();
    expect(refused()).toBeNull();
  });

  it('answers 403 for a screen not held or a button not granted', () => {
    expect(refused('yggl_yggl')).toBe(403);
    expect(refused('zhgl_zhgl', 'export')).toBe(403);
    expect(refused('fcgl_fjgl', 'add')).toBe(403);
  });

  it('lets the administrator through everything', () => {
    expect(() => requireRight(authWith([], true), 'yggl_yggl', 'del')).not.toThrow();
  });
});
