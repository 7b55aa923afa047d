import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { drainJobs } from '../jobs';
import { billOf, billRow, requestId, roomOf, standardIn } from './desk-test-helpers';

let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cashier = await t.login('cashier', 'Cashier@123');
});
afterAll(() => t.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

describe('fee.auto-deduct', () => {
  it('acceptance 8: ¥1000 prepaid against a 223.43 bill leaves 776.57; an uncovered bill stops the room', async () => {
    const room = await roomOf(t, '6栋-1单元-101', '翠湖天地');
    const std = await standardIn(t, room, { autoDeduct: true });
    const a = await billOf(t, room, std, '2026-01', '223.43', daysAgo(5));
    const b = await billOf(t, room, std, '2026-02', '900.00', daysAgo(4));
    const c = await billOf(t, room, std, '2026-03', '10.00', daysAgo(3));
    const top = await t.api(
      '/Prepaid/TopUp',
      {
        RequestId: requestId(),
        RoomId: room.id,
        TopUps: [{ ItemId: 0, AmountMoney: '1000' }],
        Tenders: [{ Method: 1, AmountMoney: '1000' }],
      },
      cashier,
    );
    expect(top.ret).toBe(0);
    const run = await t.api<{ State: number }>('/Job/Run', { Name: 'fee.auto-deduct' }, admin);
    expect(run.ret).toBe(0);
    expect(await billRow(t, a)).toMatchObject({ state: 3 });
    // 900.00 is more than the 776.57 left: it stays, and the later 10.00 waits behind it (oldest first).
    expect(await billRow(t, b)).toMatchObject({ state: 1 });
    expect(await billRow(t, c)).toMatchObject({ state: 1 });
    const [acc] = await sqlRows<{ balance_money: string }>(
      t.db,
      sql`select balance_money::text from fee_prepaid_accounts where room_id = ${room.id}`,
    );
    expect(acc!.balance_money).toBe('776.57');
    const [p] = await sqlRows<{ source: number; cashier_id: number | null; receipt_no: string }>(
      t.db,
      sql`select p.source, p.cashier_id, p.receipt_no from fee_payments p join fee_payment_lines l on l.payment_id = p.id where l.bill_id = ${a}`,
    );
    expect(p).toMatchObject({ source: 2, cashier_id: null });
    // A second run the same day pays nothing twice.
    await t.api('/Job/Run', { Name: 'fee.auto-deduct' }, admin);
    const [n] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fee_payment_lines where bill_id = ${a}`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('欠费催缴', () => {
  it('acceptance 9: SMS to rooms of at least 3 months; logs appear; a resend the same day skips them', async () => {
    const room = await roomOf(t, '6栋-1单元-201', '翠湖天地');
    const std = await standardIn(t, room);
    for (const [i, p] of ['2026-01', '2026-02', '2026-03'].entries())
      await billOf(t, room, std, p, '100.00', daysAgo(100 - i * 30));
    const other = await roomOf(t, '6栋-1单元-202', '翠湖天地');
    await billOf(t, other, std, '2026-01', '50.00', daysAgo(10));
    const list = await t.api<
      { RoomId: number; Months: number; ArrearsMoney: string; AgeBandName: string; OverdueDays: number }[]
    >('/Dunning/ArrearsList', { MinMonths: 3, CommunityId: room.community_id }, cashier);
    expect(list.ret).toBe(0);
    const row = list.data.find((r) => r.RoomId === room.id);
    expect(row).toMatchObject({ Months: 3, ArrearsMoney: '300.00', AgeBandName: '91-180', OverdueDays: 100 });
    expect(list.data.some((r) => r.RoomId === other.id)).toBe(false);
    const young = await t.api<{ RoomId: number }[]>(
      '/Dunning/ArrearsList',
      { AgeBand: 1, CommunityId: room.community_id },
      cashier,
    );
    expect(young.data.map((r) => r.RoomId)).toContain(other.id);

    const sentBefore = t.sent.length;
    const s1 = await t.api<{ Sent: number; Skipped: number; Failed: number }>(
      '/Dunning/SendSms',
      { All: true, MinMonths: 3, CommunityId: room.community_id },
      cashier,
    );
    expect(s1.ret).toBe(0);
    expect(s1.data.Sent + s1.data.Failed).toBe(list.count);
    // sms.send charges and queues; the delivery job hands each message to the gateway.
    await drainJobs(t.deps);
    expect(t.sent.length - sentBefore).toBe(s1.data.Sent);
    const logs = await t.api<{ RoomId: number; ChannelName: string }[]>('/Dunning/Log', { RoomId: room.id }, cashier);
    expect(logs.data[0]).toMatchObject({ ChannelName: '短信' });
    const s2 = await t.api<{ Sent: number; Skipped: number }>(
      '/Dunning/SendSms',
      { All: true, MinMonths: 3, CommunityId: room.community_id },
      cashier,
    );
    expect(s2.data).toMatchObject({ Sent: 0, Skipped: s1.data.Sent });
  });

  it('prints a notice with the total in capitals and records a visit', async () => {
    const room = await roomOf(t, '6栋-1单元-201', '翠湖天地');
    const n = await t.api<{ TotalMoney: string; AmountCn: string; Lines: unknown[] }[]>(
      '/Dunning/Notice',
      { RoomIds: [room.id] },
      cashier,
    );
    expect(n.data[0]).toMatchObject({ TotalMoney: '300.00', AmountCn: '叁佰元整' });
    expect(n.data[0]!.Lines).toHaveLength(3);
    const r = await t.api<{ Id: number }>(
      '/Dunning/Record',
      { RoomId: room.id, Channel: 4, Result: '业主承诺月底缴清' },
      cashier,
    );
    expect(r.ret).toBe(0);
    expect(await t.api('/Dunning/Record', { RoomId: room.id, Channel: 1, Result: 'x' }, cashier)).toMatchObject({
      ret: 400,
    });
  });

  it("company B sees no arrears of A and cannot remind A's rooms", async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    expect((await t.api('/Dunning/ArrearsList', {}, b)).count).toBe(0);
    const room = await roomOf(t, '6栋-1单元-201', '翠湖天地');
    const before = t.sent.length;
    expect((await t.api('/Dunning/SendSms', { RoomIds: [room.id] }, b)).ret).not.toBe(0);
    expect(await t.api('/Dunning/Record', { RoomId: room.id, Channel: 3, Result: '打电话' }, b)).toMatchObject({
      ret: 404,
    });
    expect(t.sent.length).toBe(before);
  });
});
