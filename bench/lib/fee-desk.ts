import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { latencyOf, type Latency } from './stats';

type Post = (path: string, body: Record<string, string | number>) => Promise<unknown>;

interface Row {
  [k: string]: unknown;
}
const rows = async <T extends Row>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * The cashier desk on the large company: a one-off item whose bills sit on `count` rooms (written set-based, as the
 * generator would), so Search/Context find real arrears and every concurrent Pay has a bill of its own.
 */
export async function seedDeskBills(db: Db, count: number, itemName: string) {
  const [c] = await rows<{ cmp_id: number; community_id: number }>(
    db,
    sql`select u.cmp_id, r.community_id from users u join rooms r on r.cmp_id = u.cmp_id
        where u.account = 'benchadmin' limit 1`,
  );
  const [item] = await rows<{ id: number }>(
    db,
    sql`insert into fee_items (cmp_id, item_name, category, kind) values (${c!.cmp_id}, ${itemName}, 1, 2) returning id`,
  );
  const [std] = await rows<{ id: number }>(
    db,
    sql`insert into fee_standards (cmp_id, item_id, community_id, standard_name, price_method, fixed_money)
        values (${c!.cmp_id}, ${item!.id}, ${c!.community_id}, ${itemName}, 3, 100) returning id`,
  );
  const bills = await rows<{ id: number; room_id: number; full_name: string }>(
    db,
    sql`with r as (select id, cmp_id, community_id, building_id, full_name from rooms
          where cmp_id = ${c!.cmp_id} and community_id = ${c!.community_id} order by id limit ${count}),
        ins as (insert into fee_bills (cmp_id, community_id, building_id, room_id, payer_type, payer_id, item_id,
            standard_id, period, period_start, period_end, bill_date, due_date, quantity, unit_price, amount_money, source)
          select cmp_id, community_id, building_id, id, 1, id, ${item!.id}, ${std!.id}, 'T' || id, current_date,
            current_date, current_date, current_date + 365, 1, 100, 100, 4 from r returning id, room_id)
        select ins.id, ins.room_id, r.full_name from ins join r on r.id = ins.room_id order by ins.id`,
  );
  return bills;
}

/**
 * `cashiers` concurrent Pay requests per round, each on its own bill, until the bills run out. The first round warms
 * a fresh server process (code compiled, pool connections open) and is not counted: the desk runs all day.
 */
export async function payUnderLoad(
  post: Post,
  bills: { id: number; room_id: number }[],
  cashiers: number,
): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i + cashiers <= bills.length; i += cashiers) {
    await Promise.all(
      bills.slice(i, i + cashiers).map(async (b) => {
        const t0 = performance.now();
        await post('/FeePayment/Pay', {
          RequestId: `bench-${b.id}`,
          RoomId: b.room_id,
          Lines: JSON.stringify([
            { BillId: b.id, PayMoney: '100', LateFeeMoney: '0', DiscountMoney: '0', ExpectedMoney: '100' },
          ]),
          Tenders: JSON.stringify([{ Method: 1, AmountMoney: '100' }]),
        });
        if (i > 0) samples.push(performance.now() - t0);
      }),
    );
  }
  return latencyOf(samples);
}
