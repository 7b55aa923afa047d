import {
  SMS_SOURCE,
  type DunningArrearsFilter,
  feeAgeBand,
  FEE_AGE_BAND,
  feeName,
  fenToMoney,
  moneyToChinese,
  toFen,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { likeText } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { sms } from '../sms';
import { lateFeeSql } from './late-fee';

/**
 * 欠费催缴 (domain/fees.md "欠费催缴"): one row per room with bills past due, ageing from its earliest due date.
 * Months counts the billing months owed, as fee-seams.ts `arrearsRooms` (the SMS module's 欠费住户 target) does.
 */
export interface ArrearsRow {
  RoomId: number;
  RoomName: string;
  CommunityId: number;
  CommunityName: string;
  OwnerName: string;
  OwnerMobile: string;
  ArrearsMoney: string;
  Months: number;
  EarliestDueDate: string;
  OverdueDays: number;
  AgeBand: number;
  AgeBandName: string;
  AccruedLateFeeMoney: string;
  ItemNames: string;
  LastDunningTime: string;
  DunningCount: number;
}

const BAND_DAYS: Record<number, [number, number]> = {
  1: [0, 30],
  2: [31, 90],
  3: [91, 180],
  4: [181, 365],
  5: [366, 1_000_000],
};

function arrearsQuery(
  cmpId: number,
  communityIds: number[],
  f: Partial<DunningArrearsFilter>,
  asOf: string,
  tz: string,
): SQL {
  const billWhere: SQL[] = [
    sql`b.cmp_id = ${cmpId}`,
    sql`b.state in (1, 2)`,
    sql`b.due_date < ${asOf}::date`,
    sql`b.room_id is not null`,
    sql`b.community_id = any(${`{${communityIds.join(',')}}`}::int[])`,
  ];
  if (f.CommunityId) billWhere.push(sql`b.community_id = ${f.CommunityId}`);
  if (f.BuildingId) billWhere.push(sql`b.building_id = ${f.BuildingId}`);
  if (f.ItemId) billWhere.push(sql`b.item_id = ${f.ItemId}`);
  const having: SQL[] = [sql`sum(b.amount_money - b.discount_money - b.paid_money) > 0`];
  if (f.MinMonths) having.push(sql`count(distinct to_char(b.bill_date, 'YYYY-MM')) >= ${f.MinMonths}`);
  if (f.MinMoney) having.push(sql`sum(b.amount_money - b.discount_money - b.paid_money) >= ${f.MinMoney}::numeric`);
  const outer: SQL[] = [sql`true`];
  if (f.AgeBand) {
    const [lo, hi] = BAND_DAYS[f.AgeBand]!;
    outer.push(sql`(${asOf}::date - a.earliest) between ${lo} and ${hi}`);
  }
  if (f.Keyword) {
    const kw = likeText(f.Keyword);
    outer.push(sql`(r.full_name ilike ${kw} or o.name ilike ${kw} or o.mobile ilike ${kw})`);
  }
  return sql`with a as (
      select b.room_id, sum(b.amount_money - b.discount_money - b.paid_money) as arrears,
        count(distinct to_char(b.bill_date, 'YYYY-MM'))::int as months, min(b.due_date) as earliest,
        sum(${lateFeeSql(sql`b`, sql`s`, sql`${asOf}::date`)}) as late,
        string_agg(distinct i.item_name, '、') as items
      from fee_bills b join fee_standards s on s.id = b.standard_id join fee_items i on i.id = b.item_id
      where ${sql.join(billWhere, sql` and `)}
      group by b.room_id
      having ${sql.join(having, sql` and `)})
    select r.id as "RoomId", r.full_name as "RoomName", r.community_id as "CommunityId", c.name as "CommunityName",
      coalesce(o.name, '') as "OwnerName", coalesce(o.mobile, '') as "OwnerMobile", a.arrears::text as "ArrearsMoney",
      a.months as "Months", a.earliest::text as "EarliestDueDate", (${asOf}::date - a.earliest)::int as "OverdueDays",
      a.late::numeric(14,2)::text as "AccruedLateFeeMoney", a.items as "ItemNames",
      coalesce(to_char(dl.last at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS'), '') as "LastDunningTime",
      coalesce(dl.n, 0)::int as "DunningCount"
    from a join rooms r on r.id = a.room_id join communities c on c.id = r.community_id
    left join residents o on o.id = r.owner_resident_id
    left join lateral (select max(d.created_at) as last, count(*) as n from fee_dunning_logs d
      where d.room_id = a.room_id and d.cmp_id = ${cmpId}) dl on true
    where ${sql.join(outer, sql` and `)}`;
}

const view = (r: Omit<ArrearsRow, 'AgeBand' | 'AgeBandName'>): ArrearsRow => {
  const band = feeAgeBand(r.OverdueDays);
  return { ...r, AgeBand: band, AgeBandName: feeName(FEE_AGE_BAND, band) };
};

export async function arrearsList(
  db: Tx,
  auth: Auth,
  f: Partial<DunningArrearsFilter>,
  asOf: string,
  page: { limit: number; offset: number } | null,
) {
  const ids = await communityIdsOf(db, auth);
  const q = arrearsQuery(auth.cmpId, ids, f, asOf, auth.timeZone);
  const rows = await sqlRows<Omit<ArrearsRow, 'AgeBand' | 'AgeBandName'>>(
    db,
    page
      ? sql`${q} order by a.arrears desc, r.id limit ${page.limit} offset ${page.offset}`
      : sql`${q} order by a.arrears desc, r.id limit 5000`,
  );
  const [c] = page
    ? await sqlRows<{ n: number; s: string }>(
        db,
        sql`select count(*)::int as n, coalesce(sum(x."ArrearsMoney"::numeric), 0)::text as s from (${q}) x`,
      )
    : [{ n: rows.length, s: '0' }];
  return { rows: rows.map(view), count: c?.n ?? 0, total: c?.s ?? '0.00' };
}

/**
 * The seam to the SMS module (branch `sms`): until it lands, a dunning text goes through the gateway of core/sms.ts
 * (the outbox). Point this at `sms.send({Source: 欠费催缴, SourceId: RoomId, …})` when it exists.
 */
/** The 催缴 template to send: the one asked for, else the company's first approved template of kind 2 (催缴). */
async function dunningTemplate(db: Tx, cmpId: number, templateId?: number): Promise<number> {
  if (templateId) return templateId;
  const [t] = await sqlRows<{ id: number }>(
    db,
    sql`select id from sms_templates where cmp_id = ${cmpId} and kind = 2 and state = 2 order by id limit 1`,
  );
  if (!t) throw fail('请先添加已通过审核的催缴短信模板');
  return Number(t.id);
}

/** The variables a 催缴 template may name: {业主} (or {姓名}), {房号}, {金额}, {月数}. */
export const dunningVars = (r: ArrearsRow): Record<string, string> => ({
  业主: r.OwnerName || '业主',
  姓名: r.OwnerName || '业主',
  房号: r.RoomName,
  金额: r.ArrearsMoney,
  月数: String(r.Months),
});

/** 短信催缴: rooms with a 短信 log in the last 24 h (rolling) are skipped; rooms without a mobile fail. */
export async function sendSms(deps: AppDeps, auth: Auth, rows: ArrearsRow[], now: Date, templateId?: number) {
  const db = deps.database.db;
  if (!rows.length) throw fail('没有需要催缴的房屋');
  const template = await dunningTemplate(db, auth.cmpId, templateId);
  const recent = await sqlRows<{ room_id: number }>(
    db,
    sql`select distinct room_id from fee_dunning_logs where cmp_id = ${auth.cmpId} and channel = 1
        and created_at > ${new Date(now.getTime() - 86_400_000)}
        and room_id = any(${`{${rows.map((r) => r.RoomId).join(',')}}`}::int[])`,
  );
  const skip = new Set(recent.map((r) => r.room_id));
  let sent = 0;
  let failed = 0;
  for (const r of rows) {
    if (skip.has(r.RoomId)) continue;
    if (!r.OwnerMobile) {
      failed += 1;
      continue;
    }
    // One room at a time, each in its own transaction: the charge, the queued message and the log land together,
    // and '短信余额不足，请先充值' stops the run with the rooms before it sent and logged.
    await db.transaction(async (tx) => {
      const sent = await sms.send(tx, {
        CmpId: auth.cmpId,
        Source: SMS_SOURCE.arrears,
        SourceId: r.RoomId,
        Phone: r.OwnerMobile,
        TemplateId: template,
        Vars: dunningVars(r),
        Name: r.OwnerName,
        CreatedBy: auth.userId,
        now,
      });
      await logDunning(tx, auth, now, r, 1, '已发送', sent.Id);
    });
    sent += 1;
  }
  return { Sent: sent, Skipped: skip.size, Failed: failed };
}

export async function logDunning(
  db: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  now: Date,
  r: { RoomId: number; CommunityId: number; ArrearsMoney: string; Months: number },
  channel: number,
  result: string,
  smsId: number | null = null,
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`insert into fee_dunning_logs (cmp_id, community_id, room_id, channel, arrears_money, months, sms_record_id, result,
          created_by, created_at, updated_at)
        values (${auth.cmpId}, ${r.CommunityId}, ${r.RoomId}, ${channel}, ${r.ArrearsMoney}, ${Math.min(r.Months, 32767)},
          ${smsId}, ${result.slice(0, 200)}, ${auth.userId}, ${now}, ${now})
        returning id`,
  );
  return row!.id;
}

/** 催缴单: A4 per room with its owing bills, the total in capitals and a deadline 7 days out. */
export async function notices(db: Tx, auth: Auth, roomIds: number[], asOf: string, now: Date) {
  const ids = await communityIdsOf(db, auth);
  const lines = await sqlRows<{
    room_id: number;
    ItemName: string;
    Period: string;
    DueDate: string;
    UnpaidMoney: string;
    LateFeeMoney: string;
  }>(
    db,
    sql`select b.room_id, i.item_name as "ItemName", b.period as "Period", b.due_date::text as "DueDate",
          (b.amount_money - b.discount_money - b.paid_money)::text as "UnpaidMoney",
          ${lateFeeSql(sql`b`, sql`s`, sql`${asOf}::date`)}::text as "LateFeeMoney"
        from fee_bills b join fee_standards s on s.id = b.standard_id join fee_items i on i.id = b.item_id
        where b.cmp_id = ${auth.cmpId} and b.state in (1, 2) and b.due_date < ${asOf}::date
          and b.community_id = any(${`{${ids.join(',')}}`}::int[])
          and b.room_id = any(${`{${roomIds.join(',')}}`}::int[])
        order by b.room_id, b.due_date, b.id`,
  );
  const rooms = await arrearsList(db, auth, {}, asOf, null);
  const byRoom = new Map(rooms.rows.map((r) => [r.RoomId, r]));
  const deadline = new Date(Date.parse(`${asOf}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const out = [];
  for (const roomId of roomIds) {
    const room = byRoom.get(roomId);
    if (!room) continue;
    const own = lines.filter((l) => l.room_id === roomId).map(({ room_id: _, ...l }) => l);
    const fen = own.reduce((s, l) => s + toFen(l.UnpaidMoney) + toFen(l.LateFeeMoney), 0);
    await logDunning(db, auth, now, room, 2, '已打印催缴单');
    out.push({
      RoomId: roomId,
      RoomName: room.RoomName,
      CommunityName: room.CommunityName,
      OwnerName: room.OwnerName,
      Lines: own,
      TotalMoney: fenToMoney(fen),
      AmountCn: moneyToChinese({ fen }),
      Deadline: deadline,
    });
  }
  if (!out.length) throw fail('所选房屋没有欠费');
  return out;
}
