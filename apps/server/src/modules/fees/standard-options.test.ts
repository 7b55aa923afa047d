import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('FeeStandard/Options (the desk’s 预缴/临时收费 picker)', () => {
  it('answers a 收费员, who holds 收费台 but not 收费项目, with the community’s enabled standards', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    const communities = await t.api<{ Id: number; Name: string }[]>('/Community/Options', {}, cashier);
    const sunny = communities.data.find((c) => c.Name === '阳光花园')!;
    // The management list stays 收费项目's.
    expect(await t.api('/FeeStandard/List', { CommunityId: sunny.Id }, cashier)).toMatchObject({ ret: 403 });
    const r = await t.api<{ Id: number; StandardName: string; ItemName: string; Kind: number }[]>(
      '/FeeStandard/Options',
      { CommunityId: sunny.Id },
      cashier,
    );
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.some((s) => s.ItemName === '物业费' && s.Kind === 1)).toBe(true);
  });

  it('refuses a position with neither screen', async () => {
    const guard = await t.login('baoan1', 'Linli@123');
    expect(await t.api('/FeeStandard/Options', { CommunityId: 1 }, guard)).toMatchObject({ ret: 403 });
  });
});
