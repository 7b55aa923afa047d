import { GENDERS, ID_TYPES, isEmptyValue, RESIDENT_ROLES, RESIDENT_SOURCES, RESIDENT_STATUS } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { pagingFields } from '../../core/paging';
import { communityIdsOf, seesAllCommunities } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { addDays, daysBetween } from '../properties/dates';
import { likeText, optionalInt } from '../properties/filters';
import { maskerFor } from './masks';

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

export const idList = (ids: number[]) => `{${[...new Set(ids)].join(',')}}`;

/**
 * Residents the session may see: those with a link (current or past) in one of its communities; a session that sees
 * every community also sees the company's residents without any link.
 */
export async function visibleResident(db: Tx, auth: Auth, alias = 'e'): Promise<SQL> {
  const ids = idList(await communityIdsOf(db, auth));
  const e = sql.raw(alias);
  const linked = sql`exists (select 1 from resident_rooms v where v.resident_id = ${e}.id and v.community_id = any(${ids}::int[]))`;
  const base = sql`${e}.cmp_id = ${auth.cmpId} and not ${e}.is_deleted`;
  if (seesAllCommunities(auth))
    return sql`${base} and (${linked} or not exists (select 1 from resident_rooms v where v.resident_id = ${e}.id))`;
  return sql`${base} and ${linked}`;
}

export function filterSql(f: ResidentFilter, today: string, scopeIds: string): SQL {
  const parts: SQL[] = [];
  if (f.Name) parts.push(sql`e.name like ${likeText(f.Name)}`);
  if (f.Mobile) parts.push(sql`e.mobile like ${likeText(f.Mobile)}`);
  if (f.IdNo) parts.push(sql`e.id_no like ${likeText(f.IdNo.toUpperCase())}`);
  if (f.Status) parts.push(sql`e.status = ${f.Status}`);
  if (f.TagId)
    parts.push(
      sql`exists (select 1 from resident_tag_links tl where tl.resident_id = e.id and tl.tag_id = ${f.TagId})`,
    );
  const link: SQL[] = [];
  if (f.CommunityId) link.push(sql`l.community_id = ${f.CommunityId}`);
  if (f.BuildingId) link.push(sql`ro.building_id = ${f.BuildingId}`);
  if (f.RoomKey) link.push(sql`ro.full_name like ${likeText(f.RoomKey)}`);
  if (f.Role) link.push(sql`l.role = ${f.Role} and l.move_out_date is null`);
  if (f.LeaseExpiring)
    link.push(sql`l.role = 3 and l.move_out_date is null and l.lease_end <= ${addDays(today, 30)}::date`);
  if (link.length)
    parts.push(sql`exists (select 1 from resident_rooms l join rooms ro on ro.id = l.room_id
      where l.resident_id = e.id and l.community_id = any(${scopeIds}::int[]) and ${sql.join(link, sql` and `)})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export interface ResidentRow {
  id: number;
  name: string;
  gender: number;
  mobile: string;
  id_type: number;
  id_no: string;
  birthday: string | null;
  emergency_name: string;
  emergency_mobile: string;
  source: number;
  status: number;
  remark: string;
  app_user_id: number | null;
  created_at: Date | string;
  links: {
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
  }[];
  tags: { Id: number; Name: string; Color: string }[];
  face_id: number | null;
  face_path: string | null;
}

/** One select of residents with their links (of the session's communities), tags and current face. */
export async function selectResidents(db: Tx, scopeIds: string, where: SQL, tail: SQL): Promise<ResidentRow[]> {
  return sqlRows<ResidentRow>(
    db,
    sql`select e.id, e.name, e.gender, e.mobile, e.id_type, e.id_no, e.birthday::text, e.emergency_name,
        e.emergency_mobile, e.source, e.status, e.remark, e.app_user_id, e.created_at,
        coalesce((select jsonb_agg(jsonb_build_object('Id', l.id, 'RoomId', l.room_id, 'CommunityId', l.community_id,
            'CommunityName', c.name, 'RoomName', ro.full_name, 'Role', l.role, 'Relation', l.relation,
            'IsPrimary', l.is_primary, 'MoveInDate', l.move_in_date, 'MoveOutDate', l.move_out_date,
            'LeaseStart', l.lease_start, 'LeaseEnd', l.lease_end) order by l.move_out_date desc nulls first, l.id)
          from resident_rooms l join rooms ro on ro.id = l.room_id join communities c on c.id = l.community_id
          where l.resident_id = e.id and l.community_id = any(${scopeIds}::int[])), '[]'::jsonb) as links,
        coalesce((select jsonb_agg(jsonb_build_object('Id', t.id, 'Name', t.name, 'Color', t.color) order by t.sort, t.id)
          from resident_tag_links tl join resident_tags t on t.id = tl.tag_id where tl.resident_id = e.id), '[]'::jsonb) as tags,
        f.id as face_id, f.img_path as face_path
      from residents e left join face_images f on f.resident_id = e.id and f.status = 1
      where ${where} ${tail}`,
  );
}

/** The list row: masked numbers unless the session holds `view`; tags per active link; the lease flag. */
export function residentView(r: ResidentRow, auth: Auth, today: string) {
  const mask = maskerFor(auth);
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
    Mobile: mask.mobile(r.mobile),
    IdType: r.id_type,
    IdTypeName: ID_TYPES[r.id_type] ?? '',
    IdNo: mask.idNo(r.id_no),
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
    HasFace: r.face_id ? 1 : 0,
    FaceName: r.face_id ? '已录入' : '未录入',
    Source: r.source,
    SourceName: RESIDENT_SOURCES[r.source] ?? '',
    Status: r.status,
    StatusName: RESIDENT_STATUS[r.status] ?? '',
  };
}
