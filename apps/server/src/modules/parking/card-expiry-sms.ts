import { SMS_SOURCE } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../core/errors';
import { cmpIs } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';
import { sms, smsEnabledSql } from '../sms';

/** Days before a monthly card's end on which its owner is texted (domain file "Jobs": 30, 7 or 0 days). */
export const CARD_SMS_DAYS = [30, 7, 0] as const;

/** The owner's text (before the signature): plate ≤ 8 and a date keep it one 条 with any 2–12 character signature. */
export const cardExpiryText = (plate: string, end: string) => `您的车辆${plate}月卡将于${end}到期，请及时续费。`;

export interface CardSmsOutcome {
  /** Companies with owners to text today. */
  Companies: number;
  Sent: number;
  /** Σ条 charged. */
  Segments: number;
  /** Skipped: the owner's number is not a mobile. */
  Invalid: number;
  /** Companies sent nothing (nothing charged), with the reason: '短信余额不足，请先充值', no approved signature … */
  Failed: { CmpId: number; Count: number; Reason: string }[];
}

interface Due {
  id: number;
  cmp_id: number;
  plate: string;
  valid_end: string;
  phone: string;
  name: string;
  resident_id: number | null;
}

/**
 * The owners' half of the 08:00 reminder: each 正常 月租 vehicle whose card ends exactly 30, 7 or 0 days after `day`
 * (the run's day) texts its owner — the linked resident's mobile, else the mobile typed on the vehicle; none, none
 * sent — once: a vehicle that already has a 月卡到期 record (Source 6, SourceId = vehicle) created on that day in its
 * company's zone is skipped, so a rerun by hand (/Job/Run) sends nothing twice. Only companies with SMS set up
 * (`smsEnabledSql`: an active channel and an approved signature) take part. One query finds everyone; then each
 * company is sent and charged in its own transaction through `sms.sendMany` (set-based, all or nothing), so a
 * company short of 条 sends and is charged nothing, is reported in Failed, and the others still get theirs.
 */
export async function sendCardExpirySms(
  deps: AppDeps,
  day: string,
  now: Date,
  /** A run by hand: that company only. */
  cmpId?: number,
): Promise<CardSmsOutcome> {
  const db = deps.database.db;
  const due = await sqlRows<Due>(
    db,
    sql`select v.id, v.cmp_id, v.plate, v.valid_end::text as valid_end,
        coalesce(nullif(r.mobile, ''), v.owner_mobile) as phone,
        coalesce(nullif(r.name, ''), v.owner_name) as name, r.id as resident_id
      from vehicles v
      join companies c on c.id = v.cmp_id
      left join residents r on r.id = v.owner_resident_id and r.cmp_id = v.cmp_id and not r.is_deleted
      where v.vehicle_type = 1 and v.status = 1 and not v.is_deleted and c.state = 1 and ${cmpIs(cmpId, sql`v.cmp_id`)}
        and v.valid_end in (${sql.join(
          CARD_SMS_DAYS.map((n) => sql`${day}::date + ${n}::int`),
          sql`, `,
        )})
        and coalesce(nullif(r.mobile, ''), v.owner_mobile) <> ''
        and ${smsEnabledSql(sql`v.cmp_id`)}
        and not exists (select 1 from sms_records x
          where x.cmp_id = v.cmp_id and x.source = ${SMS_SOURCE.cardExpiry} and x.source_id = v.id
            and x.created_at >= (${day}::date::timestamp at time zone c.time_zone)
            and x.created_at < ((${day}::date + 1)::timestamp at time zone c.time_zone))
      order by v.cmp_id, v.id`,
  );
  const byCompany = new Map<number, Due[]>();
  for (const d of due) {
    const list = byCompany.get(d.cmp_id);
    if (list) list.push(d);
    else byCompany.set(d.cmp_id, [d]);
  }
  const out: CardSmsOutcome = { Companies: byCompany.size, Sent: 0, Segments: 0, Invalid: 0, Failed: [] };
  for (const [cmpId, list] of byCompany) {
    try {
      const r = await db.transaction((tx) =>
        sms.sendMany(tx, {
          CmpId: cmpId,
          Source: SMS_SOURCE.cardExpiry,
          Messages: list.map((d) => ({
            Phone: d.phone,
            Content: cardExpiryText(d.plate, d.valid_end),
            SourceId: d.id,
            Name: d.name,
            ResidentId: d.resident_id,
          })),
          now,
        }),
      );
      out.Sent += r.Count;
      out.Segments += r.Segments;
      out.Invalid += r.Invalid;
    } catch (err) {
      // A refusal (short balance, signature) is this company's alone; anything else fails the run.
      if (!(err instanceof ApiError)) throw err;
      out.Failed.push({ CmpId: cmpId, Count: list.length, Reason: err.message });
    }
  }
  return out;
}
