import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { sealJournalMonths } from '../../apps/server/src/modules/fee-reports/journal-seal.job';
import type { Kind } from './bench-db';
import { record } from './report';
import { memoryDuring } from './server-process';
import { round } from './stats';

type Body = Record<string, string | number>;
type Pair = (c: { name: string; path: string; body: Body }) => Promise<void>;

const rows = async <T>(db: Database['db'], q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
const daysBack = (n: number) => dayOf(new Date(Date.now() - n * 86_400_000));

/**
 * A fee history on the large company for the reports (issue #15), set-based as the demo writes it (and as Pay would
 * leave it: payment, line, tender, 收款 journal row, bill, gapless SF numbers): 12 months of a 100.00–199.99 item on
 * every room, 出账 dated on each BillDate, 85 % of the bills due before today paid, by one of six methods.
 * Answers the company and the number of payment lines.
 */
export async function seedReportHistory(database: Database) {
  const { db } = database;
  const [c] = await rows<{ cmp_id: number; admin: number }>(
    db,
    sql`select cmp_id, id as admin from users where account = 'benchadmin' limit 1`,
  );
  const cmpId = c!.cmp_id;
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    const run = (q: ReturnType<typeof sql>) => tx.execute(q);
    const [item] = await rows<{ id: number }>(
      tx as unknown as Database['db'],
      sql`insert into fee_items (cmp_id, item_name, category, kind) values (${cmpId}, '压测报表物业费', 1, 1) returning id`,
    );
    await run(sql`insert into fee_standards (cmp_id, item_id, community_id, standard_name, price_method, fixed_money)
      select ${cmpId}, ${item!.id}, id, '压测报表标准', 3, 100 from communities where cmp_id = ${cmpId}`);
    await run(sql`with ins as (
        insert into fee_bills (cmp_id, community_id, building_id, room_id, payer_type, payer_id, item_id, standard_id,
          period, period_start, period_end, bill_date, due_date, quantity, unit_price, amount_money, source, created_at)
        select r.cmp_id, r.community_id, r.building_id, r.id, 1, r.id, ${item!.id}, s.id, to_char(m.d, 'YYYY-MM'),
          m.d::date, (m.d + interval '1 month - 1 day')::date, m.d::date, (m.d + interval '14 days')::date, 1,
          100 + r.id % 100, 100 + r.id % 100 + (r.id % 97) / 100.0, 1, m.d
        from rooms r join fee_standards s on s.community_id = r.community_id and s.item_id = ${item!.id}
        cross join generate_series(date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '11 months',
          date_trunc('month', now() at time zone 'Asia/Shanghai'), interval '1 month') m(d)
        where r.cmp_id = ${cmpId}
        returning *)
      insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month, due_date,
        event_time, event_type, amount_money, created_at, updated_at)
      select cmp_id, id, community_id, building_id, room_id, item_id, to_char(bill_date, 'YYYY-MM'), due_date,
        bill_date::timestamp at time zone 'Asia/Shanghai' + interval '1 hour', 1, amount_money, now(), now() from ins`);
    await run(sql`create temp table bench_pay on commit drop as
      select b.id as bill_id, b.cmp_id, b.community_id, b.room_id, b.amount_money as money,
        b.bill_date::timestamp at time zone 'Asia/Shanghai' + make_interval(days => 1 + b.id % 12, hours => 9 + b.id % 8) as pay_time,
        (b.id % 6 + 1)::smallint as method, 0 as n, 0 as yr, 0 as payment_id, 0 as line_id
      from fee_bills b join fee_items i on i.id = b.item_id and i.item_name = '压测报表物业费'
      where b.cmp_id = ${cmpId} and b.due_date < (now() at time zone 'Asia/Shanghai')::date and b.id % 100 < 85`);
    await run(sql`update bench_pay d set yr = x.yr, n = x.n from (select bill_id,
        extract(year from pay_time at time zone 'Asia/Shanghai')::int as yr,
        (row_number() over (partition by extract(year from pay_time at time zone 'Asia/Shanghai') order by pay_time, bill_id)
          + coalesce((select last_no from fee_receipt_seqs s where s.cmp_id = ${cmpId} and s.prefix = 'SF'
            and s.year = extract(year from pay_time at time zone 'Asia/Shanghai')), 0))::int as n
        from bench_pay) x where x.bill_id = d.bill_id`);
    await run(sql`with ins as (insert into fee_payments (cmp_id, community_id, receipt_no, request_id, room_id, payer_id,
          pay_time, cashier_id, source, due_money, paid_money, tendered_money, created_by, created_at, updated_at)
        select cmp_id, community_id, 'SF' || yr || lpad(n::text, 6, '0'), 'bench-' || bill_id, room_id, room_id, pay_time,
          ${c!.admin}, 1, money, money, money, ${c!.admin}, pay_time, pay_time from bench_pay returning id, request_id)
      update bench_pay d set payment_id = ins.id from ins where ins.request_id = 'bench-' || d.bill_id`);
    await run(sql`with ins as (insert into fee_payment_lines (cmp_id, payment_id, line_type, bill_id, principal_money,
          line_money, created_at, updated_at)
        select cmp_id, payment_id, 1, bill_id, money, money, pay_time, pay_time from bench_pay returning id, bill_id)
      update bench_pay d set line_id = ins.id from ins where ins.bill_id = d.bill_id`);
    await run(sql`insert into fee_payment_tenders (cmp_id, payment_id, method, amount_money, cashier_id, created_at, updated_at)
      select cmp_id, payment_id, least(method, 5), money, ${c!.admin}, pay_time, pay_time from bench_pay`);
    await run(sql`insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month,
        due_date, event_time, event_type, paid_money, payment_id, payment_line_id, receipt_no, created_at, updated_at)
      select b.cmp_id, b.id, b.community_id, b.building_id, b.room_id, b.item_id, to_char(b.bill_date, 'YYYY-MM'),
        b.due_date, d.pay_time, 5, d.money, d.payment_id, d.line_id, 'SF' || d.yr || lpad(d.n::text, 6, '0'), d.pay_time,
        d.pay_time
      from bench_pay d join fee_bills b on b.id = d.bill_id`);
    await run(sql`update fee_bills b set paid_money = d.money, state = 3 from bench_pay d where b.id = d.bill_id`);
    await run(sql`insert into fee_receipt_seqs (cmp_id, prefix, year, last_no)
      select ${cmpId}, 'SF', yr, max(n) from bench_pay group by yr
      on conflict (cmp_id, prefix, year) do update set last_no = greatest(fee_receipt_seqs.last_no, excluded.last_no)`);
  });
  // The hourly fee.journal-seal job's first run after such a history: the closed months summed into the rollup.
  const s0 = performance.now();
  await sealJournalMonths(database.db, new Date());
  const sealSeconds = round((performance.now() - s0) / 1000, 1);
  // As autovacuum would after such a load: the history rewrote every bill (paid_money, state), and the arrears reports
  // plan on the bills' statistics.
  for (const table of ['fee_bills', 'fee_journal', 'fee_journal_months', 'fee_payments', 'fee_payment_tenders'])
    await db.execute(sql.raw(`analyze ${table}`));
  const [n] = await rows<{ lines: number; journal: number }>(
    db,
    sql`select (select count(*) from fee_payment_lines where cmp_id = ${cmpId})::int as lines,
      (select count(*) from fee_journal where cmp_id = ${cmpId})::int as journal`,
  );
  return {
    cmpId,
    lines: n!.lines,
    journal: n!.journal,
    seconds: round((performance.now() - t0) / 1000, 1),
    sealSeconds,
  };
}

/** Every report of part B next to its raw SQL (the `pair` of run.ts), over the large company's history. */
export async function benchReports(kind: Kind, database: Database, pair: Pair) {
  const h = await seedReportHistory(database);
  record({
    db: kind,
    name: 'seed fee report history',
    extra: { lines: h.lines, journal: h.journal, seconds: h.seconds, 'seal seconds': h.sealSeconds },
  });
  const [first] = await rows<{ id: number }>(
    database.db,
    sql`select id from communities where cmp_id = ${h.cmpId} order by id limit 1`,
  );
  const today = daysBack(0);
  const month = today.slice(0, 7);
  const year = daysBack(364);
  const lastMonth = daysBack(30);
  const calls: { name: string; path: string; body: Body }[] = [
    {
      name: 'CostDetailsList 30 days, page 1',
      path: '/FeeReport/CostDetailsList',
      body: { DateFrom: lastMonth, DateTo: today },
    },
    { name: 'CostDetailsSum 30 days', path: '/FeeReport/CostDetailsSum', body: { DateFrom: lastMonth, DateTo: today } },
    { name: 'CostCollectList 1 year', path: '/FeeReport/CostCollectList', body: { DateFrom: year, DateTo: today } },
    { name: 'CostCollectSum 1 year', path: '/FeeReport/CostCollectSum', body: { DateFrom: year, DateTo: today } },
    {
      name: 'PaymentMethodCollectList 1 year',
      path: '/FeeReport/PaymentMethodCollectList',
      body: { DateFrom: year, DateTo: today },
    },
    {
      name: 'PaymentMethodCollectList 小区 pivot',
      path: '/FeeReport/PaymentMethodCollectList',
      body: { DateFrom: year, DateTo: today, Pivot: 1 },
    },
    {
      name: 'PaymentMethodCollectList 日期 pivot 30 days',
      path: '/FeeReport/PaymentMethodCollectList',
      body: { DateFrom: lastMonth, DateTo: today, Pivot: 2 },
    },
    {
      name: 'ItemCollectList 12 months',
      path: '/FeeReport/ItemCollectList',
      body: { PeriodFrom: year.slice(0, 7), PeriodTo: month },
    },
    {
      name: 'RateCollectList this month',
      path: '/FeeReport/RateCollectList',
      body: { PeriodFrom: month, PeriodTo: month },
    },
    {
      name: 'AnnulHouseList page 1',
      path: '/FeeReport/AnnulHouseList',
      body: { CommunityId: first!.id, Year: Number(month.slice(0, 4)) },
    },
    { name: 'AnnulCommunityList', path: '/FeeReport/AnnulCommunityList', body: { Year: Number(month.slice(0, 4)) } },
    { name: 'QjmxList page 1 (as of today)', path: '/FeeReport/QjmxList', body: {} },
    { name: 'QjmxSum', path: '/FeeReport/QjmxSum', body: {} },
    { name: 'QjhzList page 1 (by room)', path: '/FeeReport/QjhzList', body: {} },
    { name: 'QjhzSum', path: '/FeeReport/QjhzSum', body: {} },
    { name: 'QjhzScfjList (账龄)', path: '/FeeReport/QjhzScfjList', body: {} },
    { name: 'QjhzJefjList (金额分级)', path: '/FeeReport/QjhzJefjList', body: {} },
    { name: 'YjmxList this month, page 1', path: '/FeeReport/YjmxList', body: {} },
    { name: 'YjhzList this month', path: '/FeeReport/YjhzList', body: {} },
    { name: 'DailyList 30 days', path: '/FeeReport/DailyList', body: { DateFrom: lastMonth, DateTo: today } },
    { name: 'JfxmList 30 days', path: '/FeeReport/JfxmList', body: { DateFrom: lastMonth, DateTo: today } },
    { name: 'FeeChart CostOverview', path: '/FeeChart/CostOverview', body: {} },
    { name: 'AnnulItemList', path: '/FeeReport/AnnulItemList', body: { Year: Number(month.slice(0, 4)) } },
    { name: 'Reconcile yesterday', path: '/FeeReport/Reconcile', body: { DateFrom: daysBack(1), DateTo: daysBack(1) } },
  ];
  for (const c of calls) await pair(c);
  return exportWindow(database);
}

export interface ReportExport {
  body: Body;
  rows: number;
}

/** The 收费明细表 window that holds 100,000 entries (or every one there is), read before the database is handed over. */
async function exportWindow(database: Database): Promise<ReportExport> {
  const target = 100_000;
  const [w] = await rows<{ day: string | null }>(
    database.db,
    sql`select to_char(coalesce(max(d) filter (where acc >= ${target}), min(d)), 'YYYY-MM-DD') as day
        from (select d, sum(n) over (order by d desc) as acc from (
          select (event_time at time zone 'Asia/Shanghai')::date as d, count(*) as n from fee_journal
          where event_type in (5, 6, 7) and event_time > now() - interval '360 days' group by 1) x) y`,
  );
  const body = { DateFrom: w?.day ?? daysBack(359), DateTo: daysBack(0) };
  const [n] = await rows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from fee_journal where event_type in (5, 6, 7)
        and event_time >= (${body.DateFrom}::date::timestamp at time zone 'Asia/Shanghai')`,
  );
  return { body, rows: n!.n };
}

/**
 * 收费明细表 export of (at least, when the history holds them) 100,000 rows in the server process: the window grows
 * back from today until it holds them; time, size and the process's peak resident set.
 */
export async function measureReportExport(
  kind: Kind,
  server: { url: string; pid: number; memoryFile: string },
  token: string,
  exp: ReportExport,
) {
  const e0 = performance.now();
  const { result, memory } = await memoryDuring(server, async () => {
    const res = await fetch(`${server.url}/api/FeeReport/CostDetailsExport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(exp.body),
    });
    return { bytes: (await res.arrayBuffer()).byteLength, type: res.headers.get('content-type') ?? '' };
  });
  record({
    db: kind,
    name: `CostDetailsExport ${exp.rows} rows`,
    extra: {
      seconds: round((performance.now() - e0) / 1000, 1),
      MB: round(result.bytes / 2 ** 20, 1),
      'content-type': result.type,
      ...memory,
    },
  });
}
