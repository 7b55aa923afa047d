import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clerkWith } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Desk {
  Cards: { Key: string; Value: string; Sub?: string; Path: string }[];
}

describe('工作台 figures of the properties area', () => {
  it('admin sees communities, rooms with 入住率, and handovers', async () => {
    const d = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, admin)).data;
    // The properties and residents figures lead; the other areas' figures follow them.
    expect(d.Cards.map((c) => c.Key).slice(0, 5)).toEqual(['communities', 'rooms', 'handover', 'residents', 'faces']);
    expect(d.Cards[0]!.Value).toBe('2');
    expect(d.Cards[1]).toMatchObject({ Value: '218', Path: '/housemanage/houselist' });
    expect(d.Cards[1]!.Sub).toMatch(/^入住率 \d+\.\d%$/);
    expect(d.Cards[2]!.Sub).toBe('待确认 2');
  });

  it('xmjl1 counts only 翠湖天地; a clerk with only 房间管理 sees only the rooms card; 收费员 sees only the fee figures', async () => {
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const d = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, xmjl)).data;
    expect(d.Cards.find((c) => c.Key === 'rooms')!.Value).toBe('20');
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'fcgl_fjgl', Btn: '' }]);
    expect((await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, clerk)).data.Cards.map((c) => c.Key)).toEqual(['rooms']);
    const cashier = await t.login('cashier', 'Cashier@123');
    const cashierKeys = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, cashier)).data.Cards.map((c) => c.Key);
    expect(cashierKeys).toEqual(['feeBilled', 'feeArrears']);
  });
});
