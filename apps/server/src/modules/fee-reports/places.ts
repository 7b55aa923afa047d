import { FEE_AGE_BAND, FEE_BILL_STATE, FEE_CATEGORY, FEE_TENDER_METHOD } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { likeText } from '../../core/filters';

/**
 * The names a report row shows beside its figures (domain/fee-reports.md "Values": rows carry the ids and names they
 * show). A bill's place: `b` fee_bills, `c` communities, `bd` buildings, `r` rooms, `o` the room's owner, `i` items.
 */
export const billPlaceJoins = sql`join fee_bills b on b.id = s.bill_id
  join communities c on c.id = b.community_id
  left join buildings bd on bd.id = b.building_id
  left join rooms r on r.id = b.room_id
  left join residents o on o.id = r.owner_resident_id
  join fee_items i on i.id = b.item_id`;

/** '1-2-1201' for a room; a space, vehicle or ad rental shows its payer's label. */
export const roomLabel = sql`coalesce(r.full_name, nullif(b.payer_name, ''), '')`;
export const ownerName = sql`coalesce(o.name, nullif(b.payer_name, ''), '')`;
export const ownerPhone = sql`coalesce(o.mobile, '')`;

/** Keyword on 房号 / 业主 / 电话 over the bill-place aliases. */
export const keywordCond = (kw: string): SQL => {
  const k = likeText(kw);
  return sql`(r.full_name ilike ${k} or o.name ilike ${k} or o.mobile ilike ${k} or b.payer_name ilike ${k})`;
};

/**
 * `keywordCond` on a bill known by its id and room (`bill`, `room`) without its place joined: the rooms (and their
 * owners) the keyword names are found once, so a filter over a large company's overdue bills does not join every bill
 * of the company to its room and owner first.
 */
export const keywordOnBill = (kw: string, cmpId: number, bill: SQL, room: SQL): SQL => {
  const k = likeText(kw);
  return sql`(${room} in (select kr.id from rooms kr left join residents ko on ko.id = kr.owner_resident_id
      where kr.cmp_id = ${cmpId} and (kr.full_name ilike ${k} or ko.name ilike ${k} or ko.mobile ilike ${k}))
    or exists (select 1 from fee_bills kb where kb.id = ${bill} and kb.payer_name ilike ${k}))`;
};

/** A code's Chinese name in SQL (the shared enum list as a literal array). */
export const nameOf = (names: readonly string[], code: SQL): SQL =>
  sql`coalesce((${sql.raw(`array[${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]::text[]`)})[(${code}) + 1], '')`;
export const billStateName = (code: SQL) => nameOf(FEE_BILL_STATE, code);
export const categoryName = (code: SQL) => nameOf(FEE_CATEGORY, code);
export const methodName = (code: SQL) => nameOf(FEE_TENDER_METHOD, code);
export const ageBandName = (code: SQL) => nameOf(FEE_AGE_BAND, code);

/** 'YYYY-MM-DD HH:mm:ss' in the company's zone. */
export const timeText = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** Last 催缴 of a room ('' when none). */
export const lastDunning = (roomId: SQL, cmpId: number, tz: string) =>
  sql`coalesce((select ${timeText(sql`max(d.created_at)`, tz)} from fee_dunning_logs d
    where d.room_id = ${roomId} and d.cmp_id = ${cmpId}), '')`;

/** '现金300.00+微信60.00': the tenders matching `cond` (alias mt), in method order. */
export const methodText = (cond: SQL) =>
  sql`coalesce((select string_agg(${methodName(sql`mt.method`)} || abs(mt.s)::numeric(14,2)::text, '+' order by mt.method)
    from (select t2.method, sum(t2.amount_money) as s from fee_payment_tenders t2 where ${cond} group by t2.method) mt), '')`;

/** The cashier's name ('系统' for auto-deduction). */
export const cashierName = (id: SQL) => sql`coalesce((select cu.name from users cu where cu.id = ${id}), '系统')`;
