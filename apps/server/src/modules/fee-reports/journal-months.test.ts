import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { billOf, roomOf, standardIn } from '../fees/desk-test-helpers';
import { todayIn } from '../../core/dates';
import { sealJournalMonths } from './journal-seal.job';
import { journalRollup } from './journal-source';

/**
 * fee_journal_months (the month rollup) is the journal summed, whatever writes the journal; and a report that reads
 * closed months from it answers exactly what it answers reading the journal row by row.
 */
let t: TestApp;
let admin: string;
let year: number;
let thisMonth: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  const today = todayIn(t.deps.now(), 'Asia/Shanghai');
  year = Number(today.slice(0, 4));
  thisMonth = today.slice(0, 7);
});
afterAll(() => {
  journalRollup.enabled = true;
  return t.close();
});

const KEYS = 'cmp_id, community_id, building_id, item_id, bill_month, due_date, event_month, event_type';
const SUMS = 'amount_money, discount_money, paid_money, late_fee_money, row_count';

/** Rows where the rollup and the journal of the sealed months summed now (in each company's zone) disagree. */
async function drift() {
  const summed = sql.raw(`select j.cmp_id, j.community_id, coalesce(j.building_id, 0) as building_id, j.item_id,
      j.bill_month, j.due_date, to_char(j.event_time at time zone c.time_zone, 'YYYY-MM') as event_month, j.event_type,
      sum(j.amount_money) as amount_money, sum(j.discount_money) as discount_money, sum(j.paid_money) as paid_money,
      sum(j.late_fee_money) as late_fee_money, count(*)::int as row_count
    from fee_journal j join companies c on c.id = j.cmp_id join fee_journal_seals s on s.cmp_id = j.cmp_id
    where to_char(j.event_time at time zone c.time_zone, 'YYYY-MM') <= s.sealed_month
    group by 1, 2, 3, 4, 5, 6, 7, 8`);
  const rollup = sql.raw(`select ${KEYS}, ${SUMS} from fee_journal_months where row_count <> 0`);
  return sqlRows(t.db, sql`(${rollup} except ${summed}) union all (${summed} except ${rollup})`);
}

async function both(path: string, body: Record<string, unknown>) {
  const answer = async () => {
    const r = await t.api(path, body, admin);
    expect(r.ret, `${path} ${JSON.stringify(body)}: ${r.msg}`).toBe(0);
    return r.data;
  };
  journalRollup.enabled = true;
  const summed = await answer();
  journalRollup.enabled = false;
  const rowByRow = await answer();
  journalRollup.enabled = true;
  return { summed, rowByRow };
}

describe('the month rollup', () => {
  it('seals the closed months of the demo once, and holds them summed', async () => {
    const first = await sealJournalMonths(t.db, t.deps.now());
    expect(first.Rows).toBeGreaterThan(0);
    expect(await sealJournalMonths(t.db, t.deps.now())).toEqual({ Companies: 0, Rows: 0 });
    expect(await drift()).toEqual([]);
    const [n] = await sqlRows<{ closed: number }>(
      t.db,
      sql`select count(distinct event_month)::int as closed from fee_journal_months where event_month < ${thisMonth}`,
    );
    expect(n!.closed).toBeGreaterThan(6);
    const [open] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fee_journal_months where event_month >= ${thisMonth}`,
    );
    expect(open!.n).toBe(0);
  });

  it('the charts answer the same from the rollup as from the journal (before the journal is edited behind the bills)', async () => {
    const ym = (n: number) => {
      const i = year * 12 + Number(thisMonth.slice(5)) - 1 + n;
      return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    };
    for (const [name, body] of [
      ['CostOverview', {}],
      ['MoneyCollect', { DateFrom: `${ym(-11)}-01`, DateTo: `${thisMonth}-01`, Granularity: 2 }],
      ['MoneyCollect', { DateFrom: `${ym(-3)}-10`, DateTo: `${thisMonth}-01`, Granularity: 1 }],
      ['CommunityCollect', { PeriodFrom: ym(-11), PeriodTo: thisMonth }],
      ['ItemCollect', { DateFrom: `${ym(-8)}-15`, DateTo: `${ym(-1)}-28` }],
    ] as const) {
      const r = await both(`/FeeChart/${name}`, body);
      expect(r.summed).toEqual(r.rowByRow);
      // Figures, not empty answers: the demo's year of payments shows in every chart.
      expect(JSON.stringify(r.summed)).toMatch(/[1-9]\d*\.\d\d/);
    }
  });

  it('欠缴汇总表 by 楼栋 or 项目 sets the arrears against every bill due by AsOfDate, from the rollup as row by row', async () => {
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    for (const GroupBy of [2, 3]) {
      const r = await both('/FeeReport/QjhzList', { GroupBy, PgSize: 200 });
      expect(r.summed).toEqual(r.rowByRow);
      const rows = r.summed as { GroupKey: string; ArrearsMoney: string; DueMoney: string; ArrearsShare: number }[];
      const want = await sqlRows<{ k: string; due: string }>(
        t.db,
        sql`select (${sql.raw(GroupBy === 2 ? 'coalesce(building_id, 0)' : 'item_id')})::text as k,
            sum(amount_money - discount_money)::numeric(14,2)::text as due
          from fee_journal where cmp_id = 1 and due_date < ${today}::date group by 1`,
      );
      const dueOf = new Map(want.map((w) => [w.k, w.due]));
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        expect(row.DueMoney).toBe(dueOf.get(row.GroupKey));
        expect(Number(row.ArrearsMoney)).toBeLessThanOrEqual(Number(row.DueMoney));
      }
      expect(rows.some((row) => row.ArrearsShare < 0.9)).toBe(true);
    }
  });

  it('收费明细表 合计 sums the same from the rollup, and equals its rows summed, 优惠 included', async () => {
    const ym = (n: number) => {
      const i = year * 12 + Number(thisMonth.slice(5)) - 1 + n;
      return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    };
    // A counter 减免 at the desk today: the 优惠 a 收款 entry carries on its payment line.
    const room = await roomOf(t, '1栋-1单元-601');
    const bill = await billOf(t, room, await standardIn(t, room), thisMonth, '100.00', '2099-01-15');
    const paid = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: 'rollup-discount',
        RoomId: room.id,
        Lines: [{ BillId: bill, PayMoney: '88', LateFeeMoney: '0', DiscountMoney: '12', ExpectedMoney: '100' }],
        Tenders: [{ Method: 1, AmountMoney: '88' }],
        DiscountReason: '老人优惠减免',
      },
      admin,
    );
    expect(paid.ret, paid.msg).toBe(0);
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    for (const body of [
      { DateFrom: `${ym(-11)}-01`, DateTo: today },
      { DateFrom: `${ym(-6)}-12`, DateTo: today },
      // A filter on the entries sums the filtered rows.
      { DateFrom: `${ym(-11)}-01`, DateTo: today, Source: 1 },
    ]) {
      const r = await both('/FeeReport/CostDetailsSum', body);
      expect(r.summed).toEqual(r.rowByRow);
      const [rows] = await sqlRows<Record<string, string>>(
        t.db,
        sql`select sum(j.paid_money)::text as "PrincipalMoney", sum(j.late_fee_money)::text as "LateFeeMoney",
            sum(case when j.event_type = 5 then coalesce(pl.discount_money, 0) else j.discount_money end)::text as "DiscountMoney"
          from fee_journal j left join fee_payment_lines pl on pl.id = j.payment_line_id
          left join fee_payments p on p.id = j.payment_id
          where j.event_type in (5, 6, 7) and j.cmp_id = 1 and (${'Source' in body}::boolean is false or p.source = 1)
            and j.event_time >= (${body.DateFrom}::date::timestamp at time zone 'Asia/Shanghai')
            and j.event_time < ((${body.DateTo}::date + 1)::timestamp at time zone 'Asia/Shanghai')`,
      );
      const sum = r.summed as Record<string, string>;
      // No prepaid or meter entry carries 本金 beyond its own: compare the bill entries' late fee and 优惠 exactly.
      expect([sum.LateFeeMoney, sum.DiscountMoney]).toEqual([rows!.LateFeeMoney, rows!.DiscountMoney]);
      expect(Number(sum.DiscountMoney)).toBeGreaterThan(0);
    }
  });

  it('follows every insert, update and delete in a sealed month, set-based; the open month has no rollup row', async () => {
    await t.db.execute(sql`insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id,
        bill_month, due_date, event_time, event_type, amount_money, paid_money)
      select cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month, due_date,
        event_time - interval '40 days', event_type, amount_money + 1.11, paid_money + 0.07
      from fee_journal order by id limit 50`);
    expect(await drift()).toEqual([]);
    await t.db
      .execute(sql`update fee_journal set paid_money = paid_money + 2.5, event_time = event_time - interval '31 days'
      where id in (select id from fee_journal order by id desc limit 30)`);
    expect(await drift()).toEqual([]);
    await t.db.execute(sql`delete from fee_journal where id in (select id from fee_journal order by id desc limit 20)`);
    expect(await drift()).toEqual([]);
    await t.db.execute(sql`insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id,
        bill_month, due_date, event_time, event_type, amount_money)
      select cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month, due_date, now(), event_type,
        amount_money from fee_journal order by id limit 5`);
    const [open] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fee_journal_months where event_month >= ${thisMonth}`,
    );
    expect(open!.n).toBe(0);
  });

  it('sums again in the new zone when the company changes its time zone', async () => {
    await t.db.execute(
      sql`update companies set time_zone = 'America/New_York' where id = (select min(cmp_id) from fee_journal)`,
    );
    expect(await drift()).toEqual([]);
    await t.db.execute(sql`update companies set time_zone = 'Asia/Shanghai'`);
    expect(await drift()).toEqual([]);
  });

  it('收费项目汇总表 and the annual reports answer the same from the rollup as from the journal', async () => {
    const ym = (n: number) => {
      const i = year * 12 + Number(thisMonth.slice(5)) - 1 + n;
      return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    };
    const windows = [
      { PeriodFrom: ym(-11), PeriodTo: thisMonth },
      { PeriodFrom: ym(-6), PeriodTo: ym(-2) },
      { PeriodFrom: ym(-1), PeriodTo: ym(-1) },
    ];
    for (const w of windows)
      for (const name of ['ItemCollectList', 'ItemCollectSum']) {
        const r = await both(`/FeeReport/${name}`, w);
        expect(r.summed).toEqual(r.rowByRow);
      }
    for (const y of [year, year - 1])
      for (const opts of [{ Measure: 1 }, { Measure: 2 }, { Measure: 3 }, { Measure: 2, Basis: 2 }])
        for (const name of ['AnnulCommunityList', 'AnnulCommunitySum', 'AnnulItemList', 'AnnulItemSum']) {
          const r = await both(`/FeeReport/${name}`, { Year: y, ...opts });
          expect(r.summed).toEqual(r.rowByRow);
        }
  });

  it('the rate reports answer the same from the rollup, and count rooms as a per-room read of the journal does', async () => {
    const ym = (n: number) => {
      const i = year * 12 + Number(thisMonth.slice(5)) - 1 + n;
      return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    };
    let recovered = 0;
    for (const m of [ym(-3), ym(-1), thisMonth]) {
      for (const [name, body] of [
        ['RateCollectList', { PeriodFrom: m, PeriodTo: m }],
        ['RateCollectSum', { PeriodFrom: ym(-5), PeriodTo: m }],
        ['YjzlList', { CommunityId: 1, Month: m }],
        ['YjzlSum', { CommunityId: 1, Month: m }],
        ['CostCollectList', { DateFrom: `${ym(-5)}-03`, DateTo: `${m}-20` }],
      ] as const) {
        const r = await both(`/FeeReport/${name}`, body);
        expect(r.summed).toEqual(r.rowByRow);
      }
      // The oracle: every 物业费 journal row of the room before the month's end (or now), summed per room.
      const [want] = await sqlRows<{ charge: number; paid: number; recovered: number }>(
        t.db,
        sql`with w as (select (${`${m}-01`}::date::timestamp at time zone 'Asia/Shanghai') as p1,
              ((${`${m}-01`}::date + interval '1 month')::timestamp at time zone 'Asia/Shanghai') as p2),
            r as (select coalesce(j.room_id::bigint, -(b.payer_type::bigint * 4294967296 + b.payer_id)) as k,
                sum(j.amount_money - j.discount_money) filter (where j.bill_month = ${m}) as rc,
                sum(j.amount_money - j.discount_money - j.paid_money) filter (where j.bill_month = ${m}) as ru,
                sum(j.paid_money) filter (where j.bill_month < ${m} and j.event_time >= w.p1) as pr
              from fee_journal j join fee_bills b on b.id = j.bill_id, w
              where j.community_id = 1 and j.building_id is not null and j.event_time < w.p2
                and j.item_id in (select fi.id from fee_items fi where fi.category = 1)
              group by 1)
            select (count(*) filter (where rc > 0))::int as charge, (count(*) filter (where rc > 0 and ru = 0))::int as paid,
              (count(*) filter (where pr <> 0))::int as recovered from r`,
      );
      const got = await t.api('/FeeReport/YjzlSum', { CommunityId: 1, Month: m }, admin);
      const sum = got.data as Record<string, number>;
      expect([sum.ChargeRooms, sum.PaidRooms, sum.RecoveredRooms]).toEqual([want!.charge, want!.paid, want!.recovered]);
      expect(want!.charge).toBeGreaterThan(0);
      recovered += want!.recovered;
    }
    expect(recovered).toBeGreaterThan(0);
  });
});
