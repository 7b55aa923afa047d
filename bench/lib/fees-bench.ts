import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import type { AppDeps } from '../../apps/server/src/deps';
import { drainJobs } from '../../apps/server/src/modules/jobs';
import type { Kind } from './bench-db';
import { record } from './report';
import { round } from './stats';

type Post = (path: string, body: Record<string, string | number>) => Promise<unknown>;

const ms = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

/**
 * Issue 14 bench: on the large company, a 2.50 area standard per community bound to every room, then FeeBillRun
 * Preview and a one-month run (Start + the job to its end) next to the raw INSERT … SELECT of the same rows (bills
 * and their 出账 journal rows in one statement, for another month so nothing conflicts).
 */
export async function benchFees(kind: Kind, deps: AppDeps, database: Database, post: Post) {
  const { db } = database;
  const communities = (
    (await db.execute(
      sql`select c.id from communities c join companies k on k.id = c.cmp_id where k.name = '压测物业' order by c.id`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => Number(r.id));
  const item = (await post('/FeeItem/Save', { ItemName: '压测物业费', Category: 1, Kind: 1 })) as { Id: number };
  const standards: number[] = [];
  for (const c of communities) {
    const s = (await post('/FeeStandard/Save', {
      ItemId: item.Id,
      CommunityId: c,
      StandardName: '住宅物业费',
      PriceMethod: 1,
      UnitPrice: '2.50',
    })) as { Id: number };
    standards.push(s.Id);
    const buildings = (
      (await db.execute(sql`select id from buildings where community_id = ${c}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((r) => Number(r.id));
    await post('/FeeBinding/Bind', {
      StandardId: s.Id,
      BuildingIds: JSON.stringify(buildings),
      StartDate: '2020-01-01',
    });
  }
  const d = new Date(Date.now() + 8 * 3600_000);
  const month = (n: number) => {
    const i = d.getUTCFullYear() * 12 + d.getUTCMonth() + n;
    return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  };
  const next = month(1);
  let previewMs = 0;
  let runMs = 0;
  for (const [i, c] of communities.entries()) {
    const body = { CommunityId: c, StandardIds: JSON.stringify([standards[i]]), PeriodFrom: next, PeriodTo: next };
    previewMs += await ms(() => post('/FeeBillRun/Preview', body));
    runMs += await ms(async () => {
      await post('/FeeBillRun/Start', body);
      await drainJobs(deps);
    });
  }
  const [{ n }] = (
    (await db.execute(
      sql`select count(*)::int as n from fee_bills where period = ${next} and item_id = ${item.Id}`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows as [{ n: number }];
  // The same rows, raw: one INSERT … SELECT with its journal rows per standard, for the month after.
  const later = month(2);
  const rawMs = await ms(async () => {
    for (const s of standards) {
      await db.execute(sql`with ins as (
          insert into fee_bills (cmp_id, community_id, building_id, room_id, payer_type, payer_id, payer_name, item_id,
            standard_id, period, period_start, period_end, bill_date, due_date, quantity, unit_price, amount_money, state, source)
          select fb.cmp_id, fb.community_id, r.building_id, r.id, 1, r.id, r.full_name, fb.item_id, fb.standard_id, ${later},
            ${`${later}-01`}::date, (${`${later}-01`}::date + interval '1 month' - interval '1 day')::date, ${`${later}-01`}::date,
            ${`${later}-01`}::date + 15, r.build_area, 2.5, round(r.build_area * 2.5, 2), 1, 1
          from fee_bindings fb join rooms r on r.id = fb.payer_id
          where fb.standard_id = ${s} and fb.state = 1
          on conflict do nothing returning *)
        insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month, due_date, event_type, amount_money)
        select cmp_id, id, community_id, building_id, room_id, item_id, ${later}, due_date, 1, amount_money from ins`);
    }
  });
  record({
    db: kind,
    name: `FeeBillRun one month, ${n} bills`,
    extra: {
      'preview s': round(previewMs / 1000, 2),
      'run s': round(runMs / 1000, 2),
      'raw INSERT…SELECT s': round(rawMs / 1000, 2),
      'run ÷ raw': round(runMs / rawMs, 2),
    },
  });
}
