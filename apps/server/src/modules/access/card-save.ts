import { type AccessCardSaveBody, MSG_CARD_TAKEN } from '@linli/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { assertCommunity } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { accessCards, cardLogs, residents, users } from '../../db/schema';
import { queueCardTasks } from './card-tasks';

/**
 * 发卡 and 编辑 (parking-access.md 卡片管理 "Form"): the holder, rooms and lanes all of the card's community; a
 * 租户卡 ends by the lease; the unit doors of the card's rooms are granted with the lanes picked. Devices get a
 * CardAdd for every lane granted and a CardDelete for every lane taken away.
 */

const idArray = (ids: number[]) => `{${[...new Set(ids)].join(',')}}`;

export async function writeCardLog(tx: Tx, auth: Auth, cardId: number, action: string, reason: string, now: Date) {
  await tx.insert(cardLogs).values({
    cmpId: auth.cmpId,
    cardId,
    action,
    reason: reason.slice(0, 200),
    createdAt: now,
    updatedAt: now,
    createdBy: auth.userId,
  });
}

async function assertCardNoFree(tx: Tx, auth: Auth, cardNo: string, exceptId: number, field = 'CardNo') {
  const [dup] = await tx
    .select({ id: accessCards.id })
    .from(accessCards)
    .where(
      and(
        eq(accessCards.cmpId, auth.cmpId),
        eq(accessCards.cardNo, cardNo),
        ne(accessCards.status, 3),
        ne(accessCards.id, exceptId),
      ),
    );
  if (dup) throw fieldError(field, MSG_CARD_TAKEN);
}
export { assertCardNoFree };

/** The holder's active rooms in the community, and the lease end of a 租户 link (the latest). */
async function holderRooms(tx: Tx, auth: Auth, residentId: number, communityId: number) {
  return sqlRows<{ room_id: number; role: number; lease_end: string | null }>(
    tx,
    sql`select room_id, role, lease_end::text from resident_rooms where resident_id = ${residentId} and cmp_id = ${auth.cmpId}
      and community_id = ${communityId} and move_out_date is null order by room_id`,
  );
}

/** Lanes of the card's rooms' unit doors (人行 lanes bound to the room's unit, or its building without a unit). */
export async function unitDoorLanes(tx: Tx, cmpId: number, roomIds: number[]): Promise<number[]> {
  if (!roomIds.length) return [];
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select distinct l.id from lanes l join rooms r on r.id = any(${idArray(roomIds)}::int[])
      where l.cmp_id = ${cmpId} and l.kind = 2 and l.status = 1 and l.community_id = r.community_id
        and (l.unit_id = r.unit_id or (l.unit_id is null and l.building_id = r.building_id))`,
  );
  return rows.map((r) => Number(r.id));
}

export async function saveCard(tx: Tx, auth: Auth, b: AccessCardSaveBody, now: Date, ip: string): Promise<number> {
  await assertCommunity(tx, auth, b.CommunityId);
  let old: { status: number } | undefined;
  if (b.Id) {
    [old] = await tx
      .select({ status: accessCards.status, communityId: accessCards.communityId })
      .from(accessCards)
      .where(and(eq(accessCards.id, b.Id), eq(accessCards.cmpId, auth.cmpId)));
    if (!old) throw notFound();
    if (old.status === 3) throw fail('已注销的卡片不能修改');
  }
  await assertCardNoFree(tx, auth, b.CardNo, b.Id);
  let roomIds = b.RoomIds;
  let holder = { name: b.HolderName ?? '', mobile: b.HolderMobile ?? '' };
  if (b.HolderKind === 1) {
    const [r] = await tx
      .select({ name: residents.name, mobile: residents.mobile })
      .from(residents)
      .where(
        and(eq(residents.id, b.HolderResidentId!), eq(residents.cmpId, auth.cmpId), eq(residents.isDeleted, false)),
      );
    if (!r) throw fieldError('HolderResidentId', '住户不存在');
    holder = { name: r.name, mobile: r.mobile };
    const links = await holderRooms(tx, auth, b.HolderResidentId!, b.CommunityId);
    if (!roomIds.length) roomIds = links.map((l) => Number(l.room_id));
    const own = new Set(links.map((l) => Number(l.room_id)));
    if (roomIds.some((id) => !own.has(id))) throw fieldError('RoomIds', '只能选择持卡人名下的房屋');
    if (b.CardType === 2) {
      const leaseEnd = links
        .filter((l) => Number(l.role) === 3 && l.lease_end && roomIds.includes(Number(l.room_id)))
        .map((l) => l.lease_end!)
        .sort()
        .pop();
      if (leaseEnd && b.ValidTo > leaseEnd) throw fieldError('ValidTo', '租户卡有效期不能超过租约到期日');
    }
  } else if (b.HolderKind === 2) {
    const [u] = await tx
      .select({ name: users.name, phone: users.phone })
      .from(users)
      .where(and(eq(users.id, b.HolderUserId!), eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
    if (!u) throw fieldError('HolderUserId', '员工不存在');
    holder = { name: u.name, mobile: u.phone };
    roomIds = [];
  } else if (roomIds.length) {
    const [n] = await sqlRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from rooms where id = any(${idArray(roomIds)}::int[]) and cmp_id = ${auth.cmpId}
        and community_id = ${b.CommunityId}`,
    );
    if (Number(n?.n) !== new Set(roomIds).size) throw fieldError('RoomIds', '房屋不存在');
  }
  const [ok] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from lanes where id = any(${idArray(b.LaneIds)}::int[]) and cmp_id = ${auth.cmpId}
      and community_id = ${b.CommunityId}`,
  );
  if (Number(ok?.n) !== new Set(b.LaneIds).size) throw fieldError('LaneIds', '授权通道不存在');
  const laneIds = [...new Set([...b.LaneIds, ...(await unitDoorLanes(tx, auth.cmpId, roomIds))])];
  const values = {
    communityId: b.CommunityId,
    cardNo: b.CardNo,
    cardType: b.CardType,
    holderKind: b.HolderKind,
    holderResidentId: b.HolderKind === 1 ? b.HolderResidentId! : null,
    holderUserId: b.HolderKind === 2 ? b.HolderUserId! : null,
    holderName: holder.name.slice(0, 30),
    holderMobile: holder.mobile.slice(0, 20),
    validFrom: b.ValidFrom,
    validTo: b.ValidTo,
    updatedAt: now,
  };
  let id = b.Id;
  if (id) {
    await tx
      .update(accessCards)
      .set(values)
      .where(and(eq(accessCards.id, id), eq(accessCards.cmpId, auth.cmpId)));
  } else {
    const [row] = await tx
      .insert(accessCards)
      .values({ ...values, cmpId: auth.cmpId, status: 1, createdAt: now, createdBy: auth.userId })
      .returning({ id: accessCards.id });
    id = row!.id;
  }
  await replaceGrants(tx, auth, id, roomIds, laneIds, now, old ? old.status === 1 : true);
  await writeCardLog(tx, auth, id, b.Id ? '修改' : '发卡', '', now);
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: b.Id ? 'card.edit' : 'card.add',
      entity: 'card',
      entityId: id,
      detail: { CardNo: b.CardNo, Lanes: laneIds.length },
      ip,
    },
    now,
  );
  return id;
}

/** Sets the card's rooms and lanes; a 正常 card's devices learn of lanes added and removed. */
export async function replaceGrants(
  tx: Tx,
  auth: Auth,
  cardId: number,
  roomIds: number[],
  laneIds: number[],
  now: Date,
  live: boolean,
) {
  const removed = await sqlRows<{ lane_id: number }>(
    tx,
    sql`delete from access_card_lanes where card_id = ${cardId} and cmp_id = ${auth.cmpId}
      and not (lane_id = any(${idArray(laneIds)}::int[])) returning lane_id`,
  );
  await tx.execute(sql`delete from access_card_rooms where card_id = ${cardId} and cmp_id = ${auth.cmpId}`);
  await tx.execute(sql`insert into access_card_rooms (cmp_id, card_id, room_id, created_at, updated_at, created_by)
    select ${auth.cmpId}::int, ${cardId}::int, unnest(${idArray(roomIds)}::int[]), ${now}, ${now}, ${auth.userId}::int`);
  await tx.execute(sql`insert into access_card_lanes (cmp_id, card_id, lane_id, created_at, updated_at, created_by)
    select ${auth.cmpId}::int, ${cardId}::int, unnest(${idArray(laneIds)}::int[]), ${now}, ${now}, ${auth.userId}::int
    on conflict (card_id, lane_id) do nothing`);
  if (!live) return;
  await queueCardTasks(tx, auth.cmpId, cardId, 'CardAdd');
  if (removed.length)
    await tx.execute(sql`insert into device_tasks (cmp_id, lane_id, op, ref_id, state)
      select ${auth.cmpId}::int, unnest(${idArray(removed.map((r) => Number(r.lane_id)))}::int[]), 'CardDelete', ${cardId}::int, 0`);
}
