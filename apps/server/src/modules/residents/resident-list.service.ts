import { residentAccessCards } from '../access/resident-cards';
import { RESIDENT_ROLES } from '@linli/shared';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { notFound } from '../../core/errors';
import { detailMasker, maskMobile } from '../../core/masks';
import { listWithCount } from '../../core/list-count';
import { communityIdsOf, inScope } from '../../core/scope';
import { fmtTime } from '../../core/time';
import { faceSyncs, residentRooms, residents, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { residentParking } from '../parking/resident-parking';
import {
  filterWhere,
  type ResidentFilter,
  residentOf,
  residentView,
  selectResidents,
  today,
  visibleResident,
} from './residents-query';

export async function residentList(deps: AppDeps, auth: Auth, f: ResidentFilter) {
  const { db } = deps.database;
  const scope = await communityIdsOf(db, auth);
  const d = today(deps, auth);
  const where = and(await visibleResident(db, auth, null), filterWhere(db, f, d, scope));
  return listWithCount(db, f, {
    table: residents,
    where,
    rows: async (p) =>
      (await selectResidents(db, scope).where(where).orderBy(desc(residents.id)).limit(p.limit).offset(p.offset)).map(
        (r) => residentView(r, d),
      ),
  });
}

export async function residentGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  await residentOf(db, auth, id);
  const [row] = await selectResidents(db, await communityIdsOf(db, auth)).where(eq(residents.id, id));
  const r = row!;
  const [syncs] = r.faceId
    ? await db
        .select({
          total: count(),
          done: sql<number>`count(*) filter (where ${faceSyncs.state} = 1)`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${faceSyncs.state} = 2)`.mapWith(Number),
        })
        .from(faceSyncs)
        .where(and(eq(faceSyncs.cmpId, auth.cmpId), eq(faceSyncs.faceId, r.faceId), eq(faceSyncs.op, 1)))
    : [];
  // 详情 and the edit form show full numbers to whoever may open them (view or edit); lists never do.
  const mask = detailMasker(auth, 'zhgl_zhgl');
  return {
    ...residentView(r, today(deps, auth)),
    Mobile: mask.mobile(r.mobile),
    IdNo: mask.idNo(r.idNo),
    Birthday: r.birthday ?? '',
    EmergencyName: r.emergencyName,
    EmergencyMobile: mask.mobile(r.emergencyMobile),
    Remark: r.remark,
    AppUserId: r.appUserId,
    CreateTime: fmtTime(r.createdAt, auth.timeZone),
    Rooms: r.links.map((l) => ({ ...l, RoleName: RESIDENT_ROLES[l.Role] ?? '', Current: !l.MoveOutDate })),
    TagIds: r.tags.map((t) => t.Id),
    ...(await residentParking(db, auth.cmpId, id, today(deps, auth))),
    Cards: await residentAccessCards(db, auth.cmpId, id),
    Face: r.faceId
      ? {
          Id: r.faceId,
          ImgPath: `/uploads/${r.facePath}`,
          Total: syncs?.total ?? 0,
          Done: syncs?.done ?? 0,
          Failed: syncs?.failed ?? 0,
        }
      : null,
  };
}

/** A room's 住户 tab: current links, and past ones with IncludeHistory (历史业主 included); numbers masked. */
export async function residentsByRoom(deps: AppDeps, auth: Auth, roomId: number, history: boolean) {
  const { db } = deps.database;
  const [room] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.cmpId, auth.cmpId), inScope(auth, rooms.communityId)));
  if (!room) throw notFound();
  const rows = await db
    .select({
      id: residentRooms.id,
      residentId: residentRooms.residentId,
      name: residents.name,
      mobile: residents.mobile,
      role: residentRooms.role,
      relation: residentRooms.relation,
      isPrimary: residentRooms.isPrimary,
      moveInDate: residentRooms.moveInDate,
      moveOutDate: residentRooms.moveOutDate,
      leaseEnd: residentRooms.leaseEnd,
    })
    .from(residentRooms)
    .innerJoin(residents, eq(residents.id, residentRooms.residentId))
    .where(
      and(
        eq(residentRooms.cmpId, auth.cmpId),
        eq(residentRooms.roomId, roomId),
        history ? undefined : isNull(residentRooms.moveOutDate),
      ),
    )
    .orderBy(sql`${residentRooms.moveOutDate} desc nulls first`, asc(residentRooms.role), asc(residentRooms.id));
  return rows.map((r) => ({
    LinkId: r.id,
    ResidentId: r.residentId,
    Name: r.name,
    Mobile: maskMobile(r.mobile),
    Role: r.role,
    RoleName: RESIDENT_ROLES[r.role] ?? '',
    Relation: r.relation,
    IsPrimary: r.isPrimary,
    MoveInDate: r.moveInDate ?? '',
    MoveOutDate: r.moveOutDate ?? '',
    LeaseEnd: r.leaseEnd ?? '',
    Current: !r.moveOutDate,
  }));
}
