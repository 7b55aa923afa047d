import { type SQL, sql } from 'drizzle-orm';

/**
 * The live late fee of a bill (domain/fees.md "Late fee") — the one definition every list, the desk's Pay check and
 * the arrears screens use: unpaid principal × daily rate × days past max(DueDate + GraceDays, LateFeeFrom), rounded
 * half up to the fen, capped at the standard's cap (less the late fee already paid; 0 = no cap) and at the unpaid
 * principal. Paid and cancelled bills have none. `b` is a fee_bills alias, `s` its fee_standards alias.
 */
export function lateFeeSql(b: SQL, s: SQL, asOf: SQL): SQL {
  const principal = sql`(${b}.amount_money - ${b}.discount_money - ${b}.paid_money)`;
  const from = sql`greatest(${b}.due_date + ${s}.grace_days, coalesce(${b}.late_fee_from, ${b}.due_date + ${s}.grace_days))`;
  const days = sql`greatest(0, (${asOf})::date - ${from})`;
  const rate = sql`(${s}.late_fee_rate / case ${s}.late_fee_unit when 2 then 100 else 1000 end)`;
  const cap = sql`case when ${s}.late_fee_cap_money > 0 then greatest(0, ${s}.late_fee_cap_money - ${b}.late_fee_paid_money) else ${principal} end`;
  return sql`(case when ${b}.state in (1, 2) and ${s}.late_fee_rate > 0 and ${principal} > 0
    then least(round(${principal} * ${rate} * ${days}, 2), ${cap}, ${principal}) else 0 end)::numeric(14,2)`;
}

/** Days past the due date of an unpaid bill (0 when not yet due or settled). */
export function overdueDaysSql(b: SQL, asOf: SQL): SQL {
  return sql`(case when ${b}.state in (1, 2) then greatest(0, (${asOf})::date - ${b}.due_date) else 0 end)::int`;
}
