import { CARD_STATUS, CARD_TYPES, codeName } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/** Resident/Get's Cards: the person's access cards, newest first. */
export async function residentAccessCards(db: Tx, cmpId: number, residentId: number) {
  const rows = await sqlRows<{
    id: number;
    card_no: string;
    card_type: number;
    valid_from: string;
    valid_to: string;
    status: number;
    lanes: string;
  }>(
    db,
    sql`select c.id, c.card_no, c.card_type, c.valid_from::text, c.valid_to::text, c.status,
        coalesce((select string_agg(l.name, '、' order by l.id) from access_card_lanes cl join lanes l on l.id = cl.lane_id
          where cl.card_id = c.id), '') as lanes
      from access_cards c where c.holder_resident_id = ${residentId} and c.cmp_id = ${cmpId} order by c.id desc`,
  );
  return rows.map((r) => ({
    Id: Number(r.id),
    CardNo: r.card_no,
    CardType: Number(r.card_type),
    CardTypeName: codeName(CARD_TYPES, Number(r.card_type)),
    ValidFrom: r.valid_from,
    ValidTo: r.valid_to,
    Status: Number(r.status),
    StatusName: codeName(CARD_STATUS, Number(r.status)),
    LaneNames: r.lanes,
  }));
}
