import { and, count, countDistinct, eq, isNull, not } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { inScope } from '../../core/scope';
import { faceImages, faceSyncs, lanes, registrations, residentRooms, residents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';

/** 工作台 figures of 住户管理 and 人脸库, over the session's communities. */
export async function residentCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  const { db } = deps.database;
  const cards: DeskCard[] = [];
  if (hasRole(auth, 'zhgl_zhgl')) {
    const [[living], [pending]] = await Promise.all([
      db
        .select({ n: countDistinct(residentRooms.residentId) })
        .from(residentRooms)
        .innerJoin(residents, eq(residents.id, residentRooms.residentId))
        .where(
          and(
            eq(residentRooms.cmpId, auth.cmpId),
            isNull(residentRooms.moveOutDate),
            not(residents.isDeleted),
            inScope(auth, residentRooms.communityId),
          ),
        ),
      db
        .select({ n: count() })
        .from(registrations)
        .where(
          and(
            eq(registrations.cmpId, auth.cmpId),
            eq(registrations.status, 0),
            inScope(auth, registrations.communityId),
          ),
        ),
    ]);
    cards.push({
      Key: 'residents',
      Title: '在住住户',
      Value: String(living?.n ?? 0),
      Sub: `待审核 ${pending?.n ?? 0}`,
      Path: '/household/list',
    });
  }
  if (hasRole(auth, 'zhgl_rlk')) {
    const [[faces], [failed]] = await Promise.all([
      db
        .select({ n: countDistinct(faceImages.id) })
        .from(faceImages)
        .innerJoin(
          residentRooms,
          and(eq(residentRooms.residentId, faceImages.residentId), isNull(residentRooms.moveOutDate)),
        )
        .where(
          and(eq(faceImages.cmpId, auth.cmpId), eq(faceImages.status, 1), inScope(auth, residentRooms.communityId)),
        ),
      db
        .select({ n: count() })
        .from(faceSyncs)
        .innerJoin(lanes, eq(lanes.id, faceSyncs.laneId))
        .where(and(eq(faceSyncs.cmpId, auth.cmpId), eq(faceSyncs.state, 2), inScope(auth, lanes.communityId))),
    ]);
    cards.push({
      Key: 'faces',
      Title: '人脸库',
      Value: String(faces?.n ?? 0),
      Sub: `同步失败 ${failed?.n ?? 0}`,
      Path: '/household/facedata',
    });
  }
  return cards;
}
