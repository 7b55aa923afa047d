import { and, asc, eq, exists, isNull, like, ne, not, or, sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { forbidden } from '../../core/errors';
import { likeText } from '../../core/filters';
import { maskMobile } from '../../core/masks';
import { assertCommunity, communityIdsOf } from '../../core/scope';
import type { Tx } from '../../db/client';
import { residentRooms, residents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { selectResidents, visibleResident } from './residents-query';

/**
 * The screens whose forms pick a resident: 住户管理, 人脸库 (上传人脸) and 房间管理 (the owner picker). A later area
 * with a resident picker (fees, parking, cards) adds its screen here; other positions get no resident data at all.
 */
export const RESIDENT_PICKER_SCREENS = [
  'zhgl_zhgl',
  'zhgl_rlk',
  'fcgl_fjgl',
  'cwcl_cwgl',
  'cwcl_clgl',
  // 卡片管理's 发卡 picks an 业主卡's holder with it.
  'txgl_kpgl',
];

/**
 * Pickers: up to 20 residents the session may see, by name or mobile; numbers masked (a list, core/masks.ts).
 * Role and CommunityId keep those living in the community / in that role (a form that has chosen its 小区).
 */
export async function residentOptions(
  deps: AppDeps,
  auth: Auth,
  b: { Keyword?: string | undefined; Role?: number | undefined; CommunityId?: number | undefined },
) {
  if (!RESIDENT_PICKER_SCREENS.some((screen) => hasRole(auth, screen))) throw forbidden();
  const { db } = deps.database;
  if (b.CommunityId) await assertCommunity(db, auth, b.CommunityId);
  const kw = b.Keyword ? likeText(b.Keyword) : null;
  const rows = await selectResidents(db, await communityIdsOf(db, auth))
    .where(
      and(
        await visibleResident(db, auth, null),
        kw ? or(like(residents.name, kw), like(residents.mobile, kw)) : undefined,
        b.Role || b.CommunityId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(residentRooms)
                .where(
                  and(
                    eq(residentRooms.residentId, residents.id),
                    b.Role ? eq(residentRooms.role, b.Role) : undefined,
                    b.CommunityId ? eq(residentRooms.communityId, b.CommunityId) : undefined,
                    isNull(residentRooms.moveOutDate),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(residents.name), asc(residents.id))
    .limit(20);
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    Mobile: maskMobile(r.mobile),
    Rooms: r.links.filter((l) => !l.MoveOutDate).map((l) => `${l.CommunityName} ${l.RoomName}`),
  }));
}

export interface Duplicate {
  field: 'Mobile' | 'IdNo';
  id: number;
  name: string;
  mobile: string;
  /** Whether the session may see him (a link in its communities); only then may it learn who he is. */
  visible: boolean;
}

/** The residents of the company already holding this mobile or ID number (other than `selfId`). */
export async function duplicatesOf(
  db: Tx,
  auth: Auth,
  b: { Mobile?: string | undefined; IdType?: number | undefined; IdNo?: string | undefined },
  selfId = 0,
): Promise<Duplicate[]> {
  const live = and(eq(residents.cmpId, auth.cmpId), not(residents.isDeleted), ne(residents.id, selfId));
  const visible = await visibleResident(db, auth, null);
  const find = (field: Duplicate['field'], match: ReturnType<typeof and>) =>
    db
      .select({ id: residents.id, name: residents.name, mobile: residents.mobile, visible: sql<boolean>`${visible}` })
      .from(residents)
      .where(and(live, match))
      .limit(1)
      .then((rows) => rows.map((r) => ({ field, ...r })));
  const out = await Promise.all([
    b.Mobile ? find('Mobile', eq(residents.mobile, b.Mobile)) : [],
    b.IdNo ? find('IdNo', and(eq(residents.idType, b.IdType ?? 1), eq(residents.idNo, b.IdNo))) : [],
  ]);
  return out.flat();
}

/**
 * The form's early warning. A resident outside the session's communities stays unnamed: the save refuses the number
 * then (duplicateMessage) without saying who holds it.
 */
export async function checkDuplicate(deps: AppDeps, auth: Auth, b: { Mobile?: string; IdNo?: string }) {
  const [d] = await duplicatesOf(deps.database.db, auth, { ...b, IdType: 1 });
  if (!d?.visible) return null;
  return { Id: d.id, Name: d.name, Mobile: maskMobile(d.mobile), Field: d.field };
}

export function duplicateMessage(d: Duplicate) {
  if (!d.visible)
    return d.field === 'Mobile'
      ? '该手机号已登记为其他小区的住户，请联系管理员关联房屋'
      : '该身份证号已登记为其他小区的住户';
  return d.field === 'Mobile' ? `该手机号已登记为住户 ${d.name}，请直接关联房屋` : `该身份证号已登记为住户 ${d.name}`;
}
