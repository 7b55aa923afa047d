import {
  fromIdNo,
  RESIDENT_ROLES,
  type ResidentMoveOutBody,
  type ResidentSaveBody,
  type ResidentSetTagsBody,
} from '@linli/shared';
import { sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { todayIn } from '../properties/dates';
import { likeText } from '../properties/filters';
import { linkOwner } from '../properties/room-owner';
import { dispatchFaceTasks, enqueueFaceAdds, enqueueFaceDeletes, facesOf } from './face-sync';
import { maskerFor } from './masks';
import { emitMovedOut, hasOutsideHistory } from './resident-events';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import {
  filterSql,
  idList,
  type ResidentFilter,
  residentView,
  selectResidents,
  visibleResident,
} from './residents-query';

export const today = (deps: AppDeps, auth: Auth) => todayIn(deps.now(), auth.timeZone);

export async function residentList(deps: AppDeps, auth: Auth, f: ResidentFilter) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const d = today(deps, auth);
  const where = sql`${await visibleResident(db, auth)} and ${filterSql(f, d, scope)}`;
  const p = pageOf(f);
  const rows = await selectResidents(db, scope, where, sql`order by e.id desc limit ${p.limit} offset ${p.offset}`);
  const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from residents e where ${where}`);
  return new Page(
    rows.map((r) => residentView(r, auth, d)),
    Number(c?.n ?? 0),
  );
}

/** A resident the session may see, or '数据不存在'. */
export async function residentOf(db: Tx, auth: Auth, id: number) {
  const rows = await sqlRows<{ id: number; name: string; mobile: string; status: number }>(
    db,
    sql`select e.id, e.name, e.mobile, e.status from residents e where e.id = ${id} and ${await visibleResident(db, auth)}`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function residentGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  await residentOf(db, auth, id);
  const scope = idList(await communityIdsOf(db, auth));
  const [r] = await selectResidents(db, scope, sql`e.id = ${id}`, sql``);
  const mask = maskerFor(auth);
  const row = r!;
  const syncs = row.face_id
    ? await sqlRows<{ total: number; done: number; failed: number }>(
        db,
        sql`select count(*)::int as total, count(*) filter (where state = 1)::int as done,
          count(*) filter (where state = 2)::int as failed from face_syncs where face_id = ${row.face_id} and op = 1`,
      )
    : [];
  return {
    ...residentView(row, auth, today(deps, auth)),
    // 详情 and the edit form show full values to whoever may open them (view or edit).
    Mobile: mask.full || (await canEdit(auth)) ? row.mobile : mask.mobile(row.mobile),
    IdNo: mask.full || (await canEdit(auth)) ? row.id_no : mask.idNo(row.id_no),
    Birthday: row.birthday ?? '',
    EmergencyName: row.emergency_name,
    EmergencyMobile: row.emergency_mobile,
    Remark: row.remark,
    AppUserId: row.app_user_id,
    CreateTime: fmtTime(row.created_at, auth.timeZone),
    Rooms: row.links.map((l) => ({ ...l, RoleName: RESIDENT_ROLES[l.Role] ?? '', Current: !l.MoveOutDate })),
    TagIds: row.tags.map((t) => t.Id),
    Cars: [],
    Cards: [],
    Face: row.face_id
      ? {
          Id: row.face_id,
          ImgPath: `/uploads/${row.face_path}`,
          Total: Number(syncs[0]?.total ?? 0),
          Done: Number(syncs[0]?.done ?? 0),
          Failed: Number(syncs[0]?.failed ?? 0),
        }
      : null,
  };
}

const canEdit = async (auth: Auth) => auth.isAdmin || (auth.buttons.get('zhgl_zhgl')?.has('edit') ?? false);

/** The resident already holding this mobile or ID number (another one than `selfId`). */
async function duplicateOf(db: Tx, cmpId: number, b: { Mobile?: string; IdType?: number; IdNo?: string }, selfId = 0) {
  const out: { field: 'Mobile' | 'IdNo'; id: number; name: string }[] = [];
  if (b.Mobile) {
    const [m] = await sqlRows<{ id: number; name: string }>(
      db,
      sql`select id, name from residents where cmp_id = ${cmpId} and not is_deleted and mobile = ${b.Mobile} and id <> ${selfId} limit 1`,
    );
    if (m) out.push({ field: 'Mobile', id: m.id, name: m.name });
  }
  if (b.IdNo) {
    const [m] = await sqlRows<{ id: number; name: string }>(
      db,
      sql`select id, name from residents where cmp_id = ${cmpId} and not is_deleted and id_type = ${b.IdType ?? 1}
        and id_no = ${b.IdNo} and id <> ${selfId} limit 1`,
    );
    if (m) out.push({ field: 'IdNo', id: m.id, name: m.name });
  }
  return out;
}

export async function checkDuplicate(deps: AppDeps, auth: Auth, b: { Mobile?: string; IdNo?: string }) {
  const [d] = await duplicateOf(deps.database.db, auth.cmpId, { ...b, IdType: 1 });
  if (!d) return null;
  const mask = maskerFor(auth);
  const [r] = await sqlRows<{ mobile: string }>(deps.database.db, sql`select mobile from residents where id = ${d.id}`);
  return { Id: d.id, Name: d.name, Mobile: mask.mobile(r?.mobile), Field: d.field };
}

export function duplicateMessage(d: { field: 'Mobile' | 'IdNo'; name: string }) {
  return d.field === 'Mobile' ? `该手机号已登记为住户 ${d.name}，请直接关联房屋` : `该身份证号已登记为住户 ${d.name}`;
}

interface LinkPlan {
  id: number;
  roomId: number;
  communityId: number;
  role: number;
  relation: string;
  isPrimary: boolean;
  moveInDate: string;
  moveOutDate: string | null;
  leaseStart: string | null;
  leaseEnd: string | null;
}

/**
 * Writes links of one resident (new ones and edits of its own), with the owner rules: a family member needs an
 * active owner of the room, one primary owner per room ('主业主只能有一位' unless MovePrimary moves the flag), and the
 * primary owner goes through properties' linkOwner so Room.OwnerResidentId follows. Answers the touched room ids.
 */
export async function writeLinks(
  tx: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  residentId: number,
  links: LinkPlan[],
  now: Date,
  movePrimary: boolean,
) {
  for (const l of links) {
    const state = await sqlRows<{ owners: number; primary_other: number; mine: number | null }>(
      tx,
      sql`select
          (select count(*) from resident_rooms where room_id = ${l.roomId} and role = 1 and move_out_date is null
             and resident_id <> ${residentId})::int as owners,
          (select count(*) from resident_rooms where room_id = ${l.roomId} and role = 1 and is_primary
             and move_out_date is null and resident_id <> ${residentId})::int as primary_other,
          (select id from resident_rooms where room_id = ${l.roomId} and resident_id = ${residentId}
             and move_out_date is null limit 1) as mine`,
    );
    const s = state[0]!;
    if (!l.id && s.mine) throw fail('该住户已关联此房屋');
    if (l.id && s.mine && Number(s.mine) !== l.id) throw fail('该住户已关联此房屋');
    if (l.role === 2 && !Number(s.owners)) throw fail('该房间尚无业主，不能登记家属');
    const wantsPrimary = l.role === 1 && !l.moveOutDate && (l.isPrimary || !Number(s.primary_other));
    if (l.role === 1 && l.isPrimary && Number(s.primary_other) && !movePrimary) throw fail('主业主只能有一位');
    const values = {
      role: l.role,
      relation: l.role === 2 ? l.relation : l.role === 1 ? '本人' : l.relation,
      moveInDate: l.moveInDate,
      moveOutDate: l.moveOutDate,
      leaseStart: l.role === 3 ? l.leaseStart : null,
      leaseEnd: l.role === 3 ? l.leaseEnd : null,
    };
    if (wantsPrimary) {
      await linkOwner(tx, auth, l.roomId, residentId, now);
      await tx.execute(sql`update resident_rooms set relation = ${values.relation}, move_in_date = ${values.moveInDate},
        lease_start = null, lease_end = null, updated_at = ${now}
        where room_id = ${l.roomId} and resident_id = ${residentId} and move_out_date is null`);
    } else if (l.id) {
      await tx.execute(sql`update resident_rooms set role = ${values.role}, relation = ${values.relation},
        is_primary = ${l.role === 1 && l.isPrimary}, move_in_date = ${values.moveInDate},
        move_out_date = ${values.moveOutDate}, lease_start = ${values.leaseStart}, lease_end = ${values.leaseEnd},
        updated_at = ${now} where id = ${l.id} and resident_id = ${residentId}`);
    } else {
      await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, is_primary,
          move_in_date, move_out_date, lease_start, lease_end, created_by, created_at, updated_at)
        values (${auth.cmpId}, ${l.communityId}, ${l.roomId}, ${residentId}, ${values.role}, ${values.relation}, false,
          ${values.moveInDate}, ${values.moveOutDate}, ${values.leaseStart}, ${values.leaseEnd}, ${auth.userId}, ${now}, ${now})`);
    }
  }
  return links.map((l) => l.roomId);
}

export async function saveResident(
  deps: AppDeps,
  auth: Auth,
  b: ResidentSaveBody & { MovePrimary?: boolean },
  ip: string,
) {
  const { db } = deps.database;
  if (b.Id) await residentOf(db, auth, b.Id);
  const scope = await communityIdsOf(db, auth);
  const roomIds = b.Rooms.map((r) => r.RoomId);
  if (new Set(roomIds).size !== roomIds.length) throw fail('该住户已关联此房屋');
  const found = await sqlRows<{ id: number; community_id: number }>(
    db,
    sql`select id, community_id from rooms where cmp_id = ${auth.cmpId} and id = any(${idList(roomIds)}::int[])
      and community_id = any(${idList(scope)}::int[])`,
  );
  if (found.length !== roomIds.length) throw notFound();
  const communityOf = new Map(found.map((r) => [Number(r.id), Number(r.community_id)]));
  if (b.Id) {
    const own = b.Rooms.filter((r) => r.Id).map((r) => r.Id);
    if (own.length) {
      const mine = await sqlRows<{ id: number }>(
        db,
        sql`select id from resident_rooms where resident_id = ${b.Id} and id = any(${idList(own)}::int[])`,
      );
      if (mine.length !== new Set(own).size) throw notFound();
    }
  } else if (b.Rooms.some((r) => r.Id)) throw notFound();
  if (b.TagIds.length) {
    const tags = await sqlRows<{ id: number }>(
      db,
      sql`select id from resident_tags where cmp_id = ${auth.cmpId} and id = any(${idList(b.TagIds)}::int[])`,
    );
    if (tags.length !== new Set(b.TagIds).size) throw notFound();
  }
  const [dup] = await duplicateOf(db, auth.cmpId, b, b.Id);
  if (dup) throw fail(duplicateMessage(dup), { ResidentId: dup.id, Errors: { [dup.field]: duplicateMessage(dup) } });
  const now = deps.now();
  const d = today(deps, auth);
  const fromId = b.IdType === 1 ? fromIdNo(b.IdNo) : null;
  const result = await db.transaction(async (tx) => {
    const fields = {
      name: b.Name,
      gender: b.Gender || fromId?.gender || 0,
      mobile: b.Mobile,
      idType: b.IdType,
      idNo: b.IdNo,
      birthday: fromId?.birthday ?? null,
      emergencyName: b.EmergencyName ?? '',
      emergencyMobile: b.EmergencyMobile,
      remark: b.Remark ?? '',
    };
    let id = b.Id;
    if (id) {
      await tx.execute(sql`update residents set name = ${fields.name}, gender = ${fields.gender}, mobile = ${fields.mobile},
        id_type = ${fields.idType}, id_no = ${fields.idNo}, birthday = ${fields.birthday}, emergency_name = ${fields.emergencyName},
        emergency_mobile = ${fields.emergencyMobile}, remark = ${fields.remark}, updated_at = ${now} where id = ${id}`);
    } else {
      const [row] = await sqlRows<{ id: number }>(
        tx,
        sql`insert into residents (cmp_id, name, gender, mobile, id_type, id_no, birthday, emergency_name, emergency_mobile,
            remark, source, status, created_by, created_at, updated_at)
          values (${auth.cmpId}, ${fields.name}, ${fields.gender}, ${fields.mobile}, ${fields.idType}, ${fields.idNo},
            ${fields.birthday}, ${fields.emergencyName}, ${fields.emergencyMobile}, ${fields.remark}, 1, 1, ${auth.userId},
            ${now}, ${now}) returning id`,
      );
      id = Number(row!.id);
    }
    const touched = await writeLinks(
      tx,
      auth,
      id,
      b.Rooms.map((r) => ({
        id: r.Id,
        roomId: r.RoomId,
        communityId: communityOf.get(r.RoomId)!,
        role: r.Role,
        relation: r.Relation ?? '',
        isPrimary: r.IsPrimary,
        moveInDate: r.MoveInDate ?? d,
        moveOutDate: r.MoveOutDate ?? null,
        leaseStart: r.LeaseStart ?? null,
        leaseEnd: r.LeaseEnd ?? null,
      })),
      now,
      !!b.MovePrimary,
    );
    await tx.execute(sql`delete from resident_tag_links where resident_id = ${id}`);
    if (b.TagIds.length)
      await tx.execute(sql`insert into resident_tag_links (cmp_id, resident_id, tag_id, created_by, created_at, updated_at)
        select ${auth.cmpId}::int, ${id}, t, ${auth.userId}, ${now}, ${now} from unnest(${idList(b.TagIds)}::int[]) t`);
    await applyRoomEffects(tx, auth, touched, now, b.Id ? '住户变更' : '住户入住');
    await refreshResidentStatus(tx, [id], now);
    const faces = await facesOf(tx, [id]);
    await enqueueFaceAdds(tx, auth.cmpId, faces, now);
    await enqueueFaceDeletes(tx, auth.cmpId, faces, now, true);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: b.Id ? 'resident.edit' : 'resident.add',
        entity: 'resident',
        entityId: id,
        detail: { Name: b.Name, Rooms: roomIds },
        ip,
      },
      now,
    );
    return { Id: id, faces };
  });
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: result.faces }).catch(() => 0);
  return { Id: result.Id };
}

export async function moveOut(deps: AppDeps, auth: Auth, b: ResidentMoveOutBody, ip: string) {
  const { db } = deps.database;
  await residentOf(db, auth, b.Id);
  const scope = idList(await communityIdsOf(db, auth));
  const date = b.MoveOutDate ?? today(deps, auth);
  const now = deps.now();
  const result = await db.transaction(async (tx) => {
    const links = await sqlRows<{ id: number; room_id: number; move_in_date: string | null }>(
      tx,
      sql`select id, room_id, move_in_date::text from resident_rooms where resident_id = ${b.Id} and move_out_date is null
        and community_id = any(${scope}::int[]) ${b.LinkIds.length ? sql`and id = any(${idList(b.LinkIds)}::int[])` : sql``}
        for update`,
    );
    if (!links.length) throw fail('该住户没有可迁出的房屋');
    if (b.LinkIds.length && links.length !== new Set(b.LinkIds).size) throw notFound();
    if (links.some((l) => l.move_in_date && l.move_in_date > date)) throw fail('迁出日期不能早于入住日期');
    await tx.execute(sql`update resident_rooms set move_out_date = ${date}, updated_at = ${now}
      where id = any(${idList(links.map((l) => l.id))}::int[])`);
    const rooms = links.map((l) => Number(l.room_id));
    await applyRoomEffects(tx, auth, rooms, now, '住户迁出');
    await refreshResidentStatus(tx, [b.Id], now);
    const faces = await facesOf(tx, [b.Id]);
    await enqueueFaceDeletes(tx, auth.cmpId, faces, now, true);
    await emitMovedOut(tx, {
      cmpId: auth.cmpId,
      userId: auth.userId,
      residentId: b.Id,
      linkIds: links.map((l) => Number(l.id)),
      roomIds: rooms,
      moveOutDate: date,
      revokeCards: b.RevokeCards,
      now,
    });
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'resident.moveout',
        entity: 'resident',
        entityId: b.Id,
        detail: { LinkIds: links.map((l) => l.id), MoveOutDate: date, RevokeCards: b.RevokeCards },
        ip,
      },
      now,
    );
    return { Closed: links.length, faces };
  });
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: result.faces }).catch(() => 0);
  return { Closed: result.Closed };
}

/**
 * Delete: only a mistaken entry. Its links go (the rooms' status follows), its faces are removed from the devices.
 * The fee, parking and card areas refuse through their history checks (resident-events.ts); a resident who has moved
 * out or came through a registration keeps that history and is refused too.
 */
export async function deleteResident(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { db } = deps.database;
  await residentOf(db, auth, id);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const [h] = await sqlRows<{ history: number }>(
      tx,
      sql`select (select count(*) from resident_rooms where resident_id = ${id} and move_out_date is not null)::int
        + (select count(*) from registrations where resident_id = ${id})::int as history`,
    );
    if (Number(h?.history ?? 0) > 0 || (await hasOutsideHistory(tx, auth.cmpId, id)))
      throw fail('该住户已有缴费记录/车辆/门禁卡，不能删除，请使用迁出');
    const rooms = await sqlRows<{ room_id: number }>(
      tx,
      sql`delete from resident_rooms where resident_id = ${id} returning room_id`,
    );
    await applyRoomEffects(
      tx,
      auth,
      rooms.map((r) => Number(r.room_id)),
      now,
      '住户删除',
    );
    const faces = await facesOf(tx, [id]);
    await enqueueFaceDeletes(tx, auth.cmpId, faces, now, false);
    await tx.execute(
      sql`update face_images set status = 2, updated_at = ${now} where resident_id = ${id} and status = 1`,
    );
    await tx.execute(sql`delete from resident_tag_links where resident_id = ${id}`);
    await tx.execute(sql`update residents set is_deleted = true, status = 2, updated_at = ${now} where id = ${id}`);
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'resident.del', entity: 'resident', entityId: id, ip },
      now,
    );
  });
}

export async function setTags(deps: AppDeps, auth: Auth, b: ResidentSetTagsBody, ip: string) {
  const { db } = deps.database;
  const ids = [...new Set(b.Ids)];
  const visible = await sqlRows<{ id: number }>(
    db,
    sql`select e.id from residents e where e.id = any(${idList(ids)}::int[]) and ${await visibleResident(db, auth)}`,
  );
  if (visible.length !== ids.length) throw notFound();
  if (b.TagIds.length) {
    const tags = await sqlRows<{ id: number }>(
      db,
      sql`select id from resident_tags where cmp_id = ${auth.cmpId} and id = any(${idList(b.TagIds)}::int[])`,
    );
    if (tags.length !== new Set(b.TagIds).size) throw notFound();
  }
  const now = deps.now();
  await db.transaction(async (tx) => {
    if (b.Mode === 'replace')
      await tx.execute(sql`delete from resident_tag_links where resident_id = any(${idList(ids)}::int[])`);
    if (b.TagIds.length)
      await tx.execute(sql`insert into resident_tag_links (cmp_id, resident_id, tag_id, created_by, created_at, updated_at)
        select ${auth.cmpId}::int, r, t, ${auth.userId}, ${now}, ${now}
        from unnest(${idList(ids)}::int[]) r cross join unnest(${idList(b.TagIds)}::int[]) t
        on conflict (resident_id, tag_id) do nothing`);
    const [over] = await sqlRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select resident_id from resident_tag_links
        where resident_id = any(${idList(ids)}::int[]) group by resident_id having count(*) > 10) x`,
    );
    if (Number(over?.n ?? 0) > 0) throw fail('标签最多10个');
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'resident.tags',
        entity: 'resident',
        detail: { Ids: ids, TagIds: b.TagIds, Mode: b.Mode },
        ip,
      },
      now,
    );
  });
  return { Changed: ids.length };
}

/** Pickers: up to 20 residents by name or mobile, masked unless the session holds 住户管理 `view`. */
export async function residentOptions(deps: AppDeps, auth: Auth, b: { Keyword?: string; Role?: number }) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const parts = [await visibleResident(db, auth)];
  if (b.Keyword) parts.push(sql`(e.name like ${likeText(b.Keyword)} or e.mobile like ${likeText(b.Keyword)})`);
  if (b.Role)
    parts.push(
      sql`exists (select 1 from resident_rooms l where l.resident_id = e.id and l.role = ${b.Role} and l.move_out_date is null)`,
    );
  const rows = await selectResidents(db, scope, sql.join(parts, sql` and `), sql`order by e.name, e.id limit 20`);
  const mask = maskerFor(auth);
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    Mobile: mask.mobile(r.mobile),
    Rooms: r.links.filter((l) => !l.MoveOutDate).map((l) => `${l.CommunityName} ${l.RoomName}`),
  }));
}

/** A room's 住户 tab: current links, and past ones with IncludeHistory (历史业主 included). */
export async function residentsByRoom(deps: AppDeps, auth: Auth, roomId: number, history: boolean) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const [room] = await sqlRows<{ id: number }>(
    db,
    sql`select id from rooms where id = ${roomId} and cmp_id = ${auth.cmpId} and community_id = any(${scope}::int[])`,
  );
  if (!room) throw notFound();
  const mask = maskerFor(auth);
  const rows = await sqlRows<{
    id: number;
    resident_id: number;
    name: string;
    mobile: string;
    role: number;
    relation: string;
    is_primary: boolean;
    move_in_date: string | null;
    move_out_date: string | null;
    lease_end: string | null;
  }>(
    db,
    sql`select l.id, l.resident_id, e.name, e.mobile, l.role, l.relation, l.is_primary, l.move_in_date::text,
        l.move_out_date::text, l.lease_end::text
      from resident_rooms l join residents e on e.id = l.resident_id
      where l.room_id = ${roomId} ${history ? sql`` : sql`and l.move_out_date is null`}
      order by l.move_out_date desc nulls first, l.role, l.id`,
  );
  return rows.map((r) => ({
    LinkId: r.id,
    ResidentId: r.resident_id,
    Name: r.name,
    Mobile: mask.mobile(r.mobile),
    Role: r.role,
    RoleName: RESIDENT_ROLES[r.role] ?? '',
    Relation: r.relation,
    IsPrimary: r.is_primary,
    MoveInDate: r.move_in_date ?? '',
    MoveOutDate: r.move_out_date ?? '',
    LeaseEnd: r.lease_end ?? '',
    Current: !r.move_out_date,
  }));
}
