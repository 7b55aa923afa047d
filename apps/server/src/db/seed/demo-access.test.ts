import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';

/** The demo 刷卡记录 follow the card rules (parking-access.md "Cards"), so the screen shows nothing impossible. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async (q: ReturnType<typeof sql>) => Number((await sqlRows<{ n: number }>(t.db, q))[0]!.n);

describe('demo 刷卡记录', () => {
  it('faces and QR codes carry no card number or card state; swipes always carry a number', async () => {
    expect(await one(sql`select count(*)::int as n from card_pass_records where method = 1 and card_no = ''`)).toBe(0);
    expect(
      await one(sql`select count(*)::int as n from card_pass_records where method <> 1
        and (card_no <> '' or card_id is not null or deny_reason in ('卡已挂失', '卡已注销', '卡已过期', '卡未生效', '未登记卡'))`),
    ).toBe(0);
    // 人脸未识别 names nobody.
    expect(
      await one(
        sql`select count(*)::int as n from card_pass_records where deny_reason = '人脸未识别' and (person_name <> '' or resident_id is not null)`,
      ),
    ).toBe(0);
  });

  it('a refusal matches the card: 挂失/注销 cards are the ones refused so, passes are 正常 cards granted the lane', async () => {
    const bad = await one(sql`select count(*)::int as n from card_pass_records r join access_cards c on c.id = r.card_id
      where (r.deny_reason = '卡已挂失' and c.status <> 2) or (r.deny_reason = '卡已注销' and c.status <> 3)
        or (r.result = 1 and (c.status <> 1 or not exists (select 1 from access_card_lanes l where l.card_id = c.id and l.lane_id = r.lane_id)))
        or (r.deny_reason = '无此通道权限' and exists (select 1 from access_card_lanes l where l.card_id = c.id and l.lane_id = r.lane_id))`);
    expect(bad).toBe(0);
    expect(
      await one(sql`select count(*)::int as n from card_pass_records where deny_reason = '卡已挂失'`),
    ).toBeGreaterThan(0);
    expect(
      await one(
        sql`select count(*)::int as n from card_pass_records where deny_reason = '未登记卡' and card_id is not null`,
      ),
    ).toBe(0);
  });

  it('names rooms by their full name, as every other screen does, and spreads over people and times', async () => {
    const odd = await one(sql`select count(*)::int as n from card_pass_records r where r.room_text <> ''
      and not exists (select 1 from rooms m where m.full_name = split_part(r.room_text, '、', 1))`);
    expect(odd).toBe(0);
    const day = await sqlRows<{ people: number; times: number; n: number }>(
      t.db,
      sql`select count(distinct person_name)::int as people, count(distinct occur_time)::int as times, count(*)::int as n
        from card_pass_records where occur_time > now() - interval '30 days'`,
    );
    expect(day[0]!.people).toBeGreaterThan(30);
    expect(day[0]!.times).toBeGreaterThan(day[0]!.n / 2);
  });
});
