import { and, eq, sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { inScope } from '../../core/scope';
import { communities, handoverAppointments, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { todayIn } from '../../core/dates';

export interface DeskCard {
  Key: string;
  Title: string;
  Value: string;
  Sub?: string;
  Path: string;
}

/** The properties figures of 工作台, each only for someone who may open its screen, over his communities. */
export async function propertyCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  const { db } = deps.database;
  const cards: DeskCard[] = [];
  if (hasRole(auth, 'fcgl_xqgl')) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(communities)
      .where(and(eq(communities.cmpId, auth.cmpId), inScope(auth, communities.id), eq(communities.status, 1)));
    cards.push({ Key: 'communities', Title: '在管小区', Value: String(c?.n ?? 0), Path: '/housemanage/communitylist' });
  }
  if (hasRole(auth, 'fcgl_fjgl')) {
    const [r] = await db
      .select({
        n: sql<number>`count(*)::int`,
        rate: sql<string>`coalesce(round(100.0 * count(*) filter (where ${rooms.status} in (2, 3)) / nullif(count(*) filter (where ${rooms.status} <> 0), 0), 1)::text, '0.0')`,
      })
      .from(rooms)
      .where(and(eq(rooms.cmpId, auth.cmpId), inScope(auth, rooms.communityId)));
    cards.push({
      Key: 'rooms',
      Title: '房间总数',
      Value: String(r?.n ?? 0),
      Sub: `入住率 ${r?.rate ?? '0.0'}%`,
      Path: '/housemanage/houselist',
    });
  }
  if (hasRole(auth, 'fcgl_jfyy')) {
    const today = todayIn(deps.now(), auth.timeZone);
    const [h] = await db
      .select({
        today: sql<number>`count(*) filter (where ${handoverAppointments.apptDate} = ${today} and ${handoverAppointments.status} in (2, 3, 4))::int`,
        pending: sql<number>`count(*) filter (where ${handoverAppointments.status} = 1)::int`,
      })
      .from(handoverAppointments)
      .where(and(eq(handoverAppointments.cmpId, auth.cmpId), inScope(auth, handoverAppointments.communityId)));
    cards.push({
      Key: 'handover',
      Title: '今日交房预约',
      Value: String(h?.today ?? 0),
      Sub: `待确认 ${h?.pending ?? 0}`,
      Path: '/housemanage/reservationlist',
    });
  }
  return cards;
}
