import { appRoutes, canRoute, flattenRoutes } from '@linli/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { fmtTime } from '../../core/time';
import { sysMessages, userOftenFuncs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { attendanceCards } from '../attendance/desk-cards';
import { parkingCards } from '../parking/desk-cards';
import { accessDeskCards } from '../access/desk-cards';
import { feeDeskCards } from '../fees/fee-seams';
import { propertyCards } from '../properties/desk-cards';
import { residentCards } from '../residents/desk-cards';
import { smsCards } from '../sms/desk-cards';

export const MAX_OFTEN = 12;

/** Screens a person may pin as 常用功能: visible menu leaves whose route (and every parent) he may open. */
export function pinnableScreens(access: string[]): { Path: string; Title: string }[] {
  return flattenRoutes(appRoutes)
    .filter(({ node }) => !node.hidden && !node.children?.length && node.title && node.roles?.length)
    .filter(({ node, parents }) => [...parents, node].every((r) => canRoute(r, access)))
    .map(({ fullPath, node }) => ({ Path: fullPath, Title: node.title! }));
}

export async function roleFunctions(deps: AppDeps, auth: Auth) {
  const options = pinnableScreens(auth.access);
  const byPath = new Map(options.map((o) => [o.Path, o]));
  const rows = await deps.database.db
    .select({ path: userOftenFuncs.path })
    .from(userOftenFuncs)
    .where(eq(userOftenFuncs.userId, auth.userId))
    .orderBy(userOftenFuncs.sort, userOftenFuncs.id);
  // A screen whose right was withdrawn since it was pinned simply drops out.
  const selected = rows.flatMap((r) => byPath.get(r.path) ?? []);
  return { Options: options, Selected: selected };
}

export async function saveOftenFuncs(deps: AppDeps, auth: Auth, paths: string[]) {
  if (paths.length > MAX_OFTEN) throw fail('最多设置12个常用功能');
  const allowed = new Set(pinnableScreens(auth.access).map((o) => o.Path));
  const unique = [...new Set(paths)];
  const bad = unique.find((p) => !allowed.has(p));
  if (bad) throw fail('所选功能不存在或没有权限');
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(userOftenFuncs).where(eq(userOftenFuncs.userId, auth.userId));
    if (unique.length) {
      await tx.insert(userOftenFuncs).values(unique.map((path, sort) => ({ userId: auth.userId, path, sort })));
    }
  });
  return null;
}

/** Today's figures: modules add their cards as they land; reminders are real unread messages. */
export async function deskData(deps: AppDeps, auth: Auth) {
  const reminders = await deps.database.db
    .select({
      Id: sysMessages.id,
      Title: sysMessages.title,
      MsgType: sysMessages.msgType,
      SourceId: sysMessages.sourceId,
      CreatedAt: sysMessages.createdAt,
    })
    .from(sysMessages)
    .where(and(eq(sysMessages.userId, auth.userId), eq(sysMessages.isRead, false), eq(sysMessages.isIgnored, false)))
    .orderBy(desc(sysMessages.createdAt))
    .limit(5);
  return {
    Cards: [
      ...(await propertyCards(deps, auth)),
      ...(await residentCards(deps, auth)),
      ...(await attendanceCards(deps, auth)),
      ...(await parkingCards(deps, auth)),
      ...(await smsCards(deps, auth)),
      ...(await accessDeskCards(deps, auth)),
      ...(await feeDeskCards(deps, auth)),
    ],
    Reminders: reminders.map(({ CreatedAt, ...r }) => ({ ...r, CreateTime: fmtTime(CreatedAt, auth.timeZone) })),
  };
}
