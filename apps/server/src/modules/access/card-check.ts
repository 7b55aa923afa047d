import { FACE_DENY_REASON } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * Whether a card (or a face) opens a lane at a moment (parking-access.md "Cards"): the one rule behind Verify and the
 * deny reason PushEvents records when a device sends none.
 */

const NO_GRANT = '无此通道权限';

export interface CardAtLane {
  cardId: number | null;
  residentId: number | null;
  personName: string;
  roomText: string;
  /** null when the card opens the lane. */
  deny: string | null;
  validTo: string | null;
}

export interface CardState {
  status: number;
  validFrom: string;
  validTo: string;
  granted: boolean;
}

/** The first reason that applies: 卡已注销, 卡已挂失, 卡未生效, 卡已过期, 无此通道权限; null when it opens. */
export function cardDenyReason(c: CardState | null, today: string): string | null {
  if (!c) return '未登记卡';
  if (c.status === 3) return '卡已注销';
  if (c.status === 2) return '卡已挂失';
  if (today < c.validFrom) return '卡未生效';
  if (today > c.validTo) return '卡已过期';
  if (!c.granted) return NO_GRANT;
  return null;
}

// Rooms by their full name ('1栋-1单元-902'), as every other screen names them.
const roomTextSql = (cardId: unknown) => sql`coalesce((select string_agg(r.full_name, '、' order by r.id)
    from access_card_rooms cr join rooms r on r.id = cr.room_id
    where cr.card_id = ${cardId}), '')`;

/**
 * The card of that number at the lane, in one indexed read. A number held by a 注销 card and a live one means the
 * live one (the partial unique index allows only one live card per number).
 */
export async function checkCard(
  db: Tx,
  q: { cmpId: number; laneId: number; cardNo: string; today: string },
): Promise<CardAtLane> {
  const rows = await sqlRows<{
    id: number;
    status: number;
    valid_from: string;
    valid_to: string;
    granted: boolean;
    resident_id: number | null;
    name: string;
    room_text: string;
  }>(
    db,
    sql`select c.id, c.status, c.valid_from::text, c.valid_to::text, c.holder_resident_id as resident_id,
        coalesce(e.name, u.name, c.holder_name) as name, ${roomTextSql(sql`c.id`)} as room_text,
        exists (select 1 from access_card_lanes l where l.card_id = c.id and l.lane_id = ${q.laneId}) as granted
      from access_cards c left join residents e on e.id = c.holder_resident_id left join users u on u.id = c.holder_user_id
      where c.cmp_id = ${q.cmpId} and c.card_no = ${q.cardNo}
      order by (c.status = 3), c.id desc limit 1`,
  );
  const c = rows[0];
  if (!c) return { cardId: null, residentId: null, personName: '', roomText: '', deny: '未登记卡', validTo: null };
  return {
    cardId: Number(c.id),
    residentId: c.resident_id === null ? null : Number(c.resident_id),
    personName: c.name ?? '',
    roomText: c.room_text ?? '',
    deny: cardDenyReason(
      { status: Number(c.status), validFrom: c.valid_from, validTo: c.valid_to, granted: c.granted },
      q.today,
    ),
    validTo: c.valid_to,
  };
}

/**
 * A face opens for a resident of the company who lives (an active room link) in the lane's community: the lanes a
 * face is synced to (residents.md "Face sync": every face lane of each community where the resident has an active
 * link) are the lanes it is granted. No such resident: 人脸未识别; a resident of another community: 无此通道权限.
 */
export async function checkFace(
  db: Tx,
  q: { cmpId: number; residentId: number | undefined; communityId: number },
): Promise<CardAtLane> {
  const none = { cardId: null, residentId: null, personName: '', roomText: '', deny: FACE_DENY_REASON, validTo: null };
  if (!q.residentId) return none;
  const [r] = await sqlRows<{ id: number; name: string; room_text: string; granted: boolean }>(
    db,
    sql`select e.id, e.name, coalesce((select string_agg(r.full_name, '、' order by r.id)
          from resident_rooms rr join rooms r on r.id = rr.room_id
          where rr.resident_id = e.id and rr.move_out_date is null), '') as room_text,
        exists (select 1 from resident_rooms rr where rr.resident_id = e.id and rr.move_out_date is null
          and rr.community_id = ${q.communityId}) as granted
      from residents e where e.id = ${q.residentId} and e.cmp_id = ${q.cmpId} and not e.is_deleted`,
  );
  if (!r) return none;
  return {
    cardId: null,
    residentId: Number(r.id),
    personName: r.name,
    roomText: r.room_text,
    deny: r.granted ? null : NO_GRANT,
    validTo: null,
  };
}
