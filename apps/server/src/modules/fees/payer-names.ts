import { type SQL, sql } from 'drizzle-orm';

/**
 * Payer names of the payers that are not rooms, within the payer's company: a parking space is '地下车库-B1-001', a
 * vehicle its plate. Ad-space rentals (4) have no table yet and answer ''.
 */
export function otherPayerNameSql(payerType: SQL, payerId: SQL, cmpId: SQL): SQL {
  return sql`(case ${payerType}
    when 2 then (select (l.name || '-' || sp.space_no)::text from parking_spaces sp
      join parking_lots l on l.id = sp.lot_id where sp.id = ${payerId} and sp.cmp_id = ${cmpId})
    when 3 then (select v.plate::text from vehicles v where v.id = ${payerId} and v.cmp_id = ${cmpId})
    else '' end)`;
}
