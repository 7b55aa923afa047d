import { GENDERS, ID_TYPES, isEmptyValue, RESIDENT_ROLES, RESIDENT_SOURCES, RESIDENT_STATUS } from '@linli/shared';
import { and, eq, exists, ilike, isNull, like, lte, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { addDays, daysBetween, todayIn } from '../../core/dates';
import { notFound } from '../../core/errors';
import { anyId, likeText, optionalInt } from '../../core/filters';
import { maskIdNo, maskMobile } from '../../core/masks';
import { pagingFields } from '../../core/paging';
import { communityIdsOf, seesAllCommunities } from '../../core/scope';
import type { Tx } from '../../db/client';
import { faceImages, residentRooms, residents, residentTagLinks, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';

const optText = () =>
  z.preprocess((v) => (isEmptyValue(v) ? undefined : String(v).trim()), z.string().max(30).optional());

export const ResidentFilter = z.object({
  ...pagingFields,
  CommunityId: optionalInt(),
  BuildingId: optionalInt(),
  RoomKey: optText(),
  Name: optText(),
  Mobile: optText(),
  IdNo: optText(),
  Role: optionalInt(),
  TagId: optionalInt(),
  Status: optionalInt(),
  LeaseExpiring: optionalInt(),
});
export type ResidentFilter = z.infer<typeof ResidentFilter>;

export const today = (deps: AppDeps, auth: Auth) => todayIn(deps.now(), auth.timeZone);

/** The residents columns a where-clause needs: the table itself, or a raw alias for the face module's raw queries. */
const residentRef = (alias: string | null) =>
  alias
    ? { id: sql.raw(`${alias}.id`), cmpId: sql.raw(`${alias}.cmp_id`), isDeleted: sql.raw(`${alias}.is_deleted`) }
    : { id: sql`${residents.id}`, cmpId: sql`${residents.cmpId}`, isDeleted: sql`${residents.isDeleted}` };

/**
 * Residents the session may see: those with a link (current or past) in one of its communities; a session that sees
 * every community sees all of the company's residents (every link lies in one of the company's communities, so
 * "linked here or not linked at all" is every resident). The scoped case is a plain EXISTS, which the planner runs
 * as a semi-join on resident_rooms; the former `exists … or not exists …` for the administrator could not be one and
 * cost a hashed sub-plan per resident (PostgreSQL, 126,667 residents: count 412 ms, now a scan of residents alone).
 * `alias` null refers to the `residents` table (query builder); a string to that alias in raw SQL.
 */
export async function visibleResident(db: Tx, auth: Auth, alias: string | null = 'e'): Promise<SQL> {
  const e = residentRef(alias);
  const base = and(eq(e.cmpId, auth.cmpId), not(e.isDeleted))!;
  if (seesAllCommunities(auth)) return base;
  const ids = await communityIdsOf(db, auth);
  const linked = exists(
    db
      .select({ one: sql`1` })
      .from(residentRooms)
      .where(
        and(
          eq(residentRooms.residentId, e.id),
          eq(residentRooms.cmpId, auth.cmpId),
          anyId(residentRooms.communityId, ids),
        ),
      ),
  );
  return and(base, linked)!;
}

/** The list filters (residents.md "Filters"); link filters look only at links in the session's communities. */
export function filterWhere(db: Tx, f: ResidentFilter, today: string, scope: number[]): SQL {
  const link = [
    f.CommunityId ? eq(residentRooms.communityId, f.CommunityId) : undefined,
    f.BuildingId ? eq(rooms.buildingId, f.BuildingId) : undefined,
    f.RoomKey ? ilike(rooms.fullName, likeText(f.RoomKey)) : undefined,
    f.Role ? and(eq(residentRooms.role, f.Role), isNull(residentRooms.moveOutDate)) : undefined,
    f.LeaseExpiring
      ? and(
          eq(residentRooms.role, 3),
          isNull(residentRooms.moveOutDate),
          lte(residentRooms.leaseEnd, addDays(today, 30)),
        )
      : undefined,
  ].filter(Boolean);
  return (
    and(
      f.Name ? like(residents.name, likeText(f.Name)) : undefined,
      f.Mobile ? like(residents.mobile, likeText(f.Mobile)) : undefined,
      f.IdNo ? like(residents.idNo, likeText(f.IdNo.toUpperCase())) : undefined,
      f.Status ? eq(residents.status, f.Status) : undefined,
      f.TagId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(residentTagLinks)
              .where(and(eq(residentTagLinks.residentId, residents.id), eq(residentTagLinks.tagId, f.TagId))),
          )
        : undefined,
      link.length
        ? exists(
            db
              .select({ one: sql`1` })
              .from(residentRooms)
              .innerJoin(rooms, eq(rooms.id, residentRooms.roomId))
              .where(and(eq(residentRooms.residentId, residents.id), anyId(residentRooms.communityId, scope), ...link)),
          )
        : undefined,
    ) ?? sql`true`
  );
}

export interface ResidentLink {
  Id: number;
  RoomId: number;
  CommunityId: number;
  CommunityName: string;
  RoomName: string;
  Role: number;
  Relation: string;
  IsPrimary: boolean;
  MoveInDate: string | null;
  MoveOutDate: string | null;
  LeaseStart: string | null;
  LeaseEnd: string | null;
}

/** The links of the session's communities and the tags, as jsonb arrays: what the builder cannot say. */
const linksOf = (scope: number[]) =>
  sql<ResidentLink[]>`coalesce((select jsonb_agg(jsonb_build_object('Id', l.id, 'RoomId', l.room_id,
      'CommunityId', l.community_id, 'CommunityName', c.name, 'RoomName', ro.full_name, 'Role', l.role,
      'Relation', l.relation, 'IsPrimary', l.is_primary, 'MoveInDate', l.move_in_date, 'MoveOutDate', l.move_out_date,
      'LeaseStart', l.lease_start, 'LeaseEnd', l.lease_end) order by l.move_out_date desc nulls first, l.id)
    from resident_rooms l join rooms ro on ro.id = l.room_id join communities c on c.id = l.community_id
    where l.resident_id = ${residents.id} and ${anyId(sql`l.community_id`, scope)}), '[]'::jsonb)`;
const tagsOf = sql<{ Id: number; Name: string; Color: string }[]>`coalesce((select jsonb_agg(jsonb_build_object(
      'Id', t.id, 'Name', t.name, 'Color', t.color) order by t.sort, t.id)
    from resident_tag_links tl join resident_tags t on t.id = tl.tag_id where tl.resident_id = ${residents.id}), '[]'::jsonb)`;

/** One select of residents with their links (of the session's communities), tags and current face. */
export function selectResidents(db: Tx, scope: number[]) {
  return db
    .select({
      id: residents.id,
      name: residents.name,
      gender: residents.gender,
      mobile: residents.mobile,
      idType: residents.idType,
      idNo: residents.idNo,
      birthday: residents.birthday,
      emergencyName: residents.emergencyName,
      emergencyMobile: residents.emergencyMobile,
      source: residents.source,
      status: residents.status,
      remark: residents.remark,
      appUserId: residents.appUserId,
      createdAt: residents.createdAt,
      links: linksOf(scope),
      tags: tagsOf,
      faceId: faceImages.id,
      facePath: faceImages.imgPath,
    })
    .from(residents)
    .leftJoin(faceImages, and(eq(faceImages.residentId, residents.id), eq(faceImages.status, 1)))
    .$dynamic();
}
export type ResidentRow = Awaited<ReturnType<ReturnType<typeof selectResidents>['execute']>>[number];

/** A resident the session may see, or '数据不存在'. */
export async function residentOf(db: Tx, auth: Auth, id: number) {
  const [row] = await db
    .select({ id: residents.id, name: residents.name, mobile: residents.mobile, status: residents.status })
    .from(residents)
    .where(and(eq(residents.id, id), await visibleResident(db, auth, null)));
  if (!row) throw notFound();
  return row;
}

/** The list row: masked numbers (core/masks.ts), roles per active link, the lease flag. */
export function residentView(r: ResidentRow, today: string) {
  const active = r.links.filter((l) => !l.MoveOutDate);
  const leases = active.filter((l) => l.Role === 3 && l.LeaseEnd).map((l) => l.LeaseEnd!);
  const leaseEnd = leases.sort()[0] ?? '';
  const days = leaseEnd ? daysBetween(today, leaseEnd) : null;
  const shown = active.length ? active : r.links.slice(0, 1);
  return {
    Id: r.id,
    Name: r.name,
    Gender: r.gender,
    GenderName: GENDERS[r.gender] ?? '',
    Mobile: maskMobile(r.mobile),
    IdType: r.idType,
    IdTypeName: ID_TYPES[r.idType] ?? '',
    IdNo: maskIdNo(r.idNo),
    Roles: active.map((l) => ({ Role: l.Role, RoleName: RESIDENT_ROLES[l.Role] ?? '' })),
    RoomText: shown[0] ? `${shown[0].CommunityName} ${shown[0].RoomName}` : '',
    RoomMore: Math.max(0, shown.length - 1),
    Rooms: shown.map((l) => ({ ...l, RoleName: RESIDENT_ROLES[l.Role] ?? '' })),
    MoveInDate:
      active
        .map((l) => l.MoveInDate ?? '')
        .filter(Boolean)
        .sort()[0] ?? '',
    LeaseEnd: leaseEnd,
    /** '' none, 'expiring' within 30 days (red), 'expired' (已到期). */
    LeaseState: days === null ? '' : days < 0 ? 'expired' : days <= 30 ? 'expiring' : '',
    LeaseText: days === null ? '' : days < 0 ? '已到期' : leaseEnd,
    Tags: r.tags,
    HasFace: r.faceId ? 1 : 0,
    FaceName: r.faceId ? '已录入' : '未录入',
    Source: r.source,
    SourceName: RESIDENT_SOURCES[r.source] ?? '',
    Status: r.status,
    StatusName: RESIDENT_STATUS[r.status] ?? '',
  };
}
