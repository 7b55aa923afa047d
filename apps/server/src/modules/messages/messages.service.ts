import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { notFound } from '../../core/errors';
import { fmtTime } from '../../core/time';
import { sysMessages, sysNoticeReads, sysNotices } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { publish } from '../../realtime/bus';

/** A person sees only his own messages of his own company. */
const mine = (auth: Auth) => and(eq(sysMessages.cmpId, auth.cmpId), eq(sysMessages.userId, auth.userId));

const messageShape = (auth: Auth) => (m: typeof sysMessages.$inferSelect) => ({
  Id: m.id,
  Title: m.title,
  Content: m.content,
  MsgType: m.msgType,
  SourceId: m.sourceId,
  IsRead: m.isRead ? 1 : 0,
  ReadTime: fmtTime(m.readAt, auth.timeZone),
  CreateTime: fmtTime(m.createdAt, auth.timeZone),
});

export interface ListQuery {
  PgIndex: number;
  PgSize: number;
  IsRead?: 0 | 1 | undefined;
  MsgType?: number | undefined;
}

async function listWhere(deps: AppDeps, auth: Auth, q: ListQuery, where: SQL | undefined) {
  const { db } = deps.database;
  const [total] = await db.select({ n: count() }).from(sysMessages).where(where);
  const rows = await db
    .select()
    .from(sysMessages)
    .where(where)
    .orderBy(desc(sysMessages.createdAt), desc(sysMessages.id))
    .limit(q.PgSize)
    .offset((q.PgIndex - 1) * q.PgSize);
  return new Page(rows.map(messageShape(auth)), total?.n ?? 0);
}

const readFilter = (q: ListQuery) => (q.IsRead === undefined ? undefined : eq(sysMessages.isRead, q.IsRead === 1));

/** The message centre: every message, ignored ones included (ignoring only takes a reminder off the popup). */
export function messageList(deps: AppDeps, auth: Auth, q: ListQuery) {
  const type = q.MsgType === undefined ? undefined : eq(sysMessages.msgType, q.MsgType);
  return listWhere(deps, auth, q, and(mine(auth), readFilter(q), type));
}

/** The reminder popup: what is neither read nor ignored. */
export function pushList(deps: AppDeps, auth: Auth, q: ListQuery) {
  return listWhere(
    deps,
    auth,
    q,
    and(mine(auth), eq(sysMessages.isIgnored, false), readFilter(q) ?? eq(sysMessages.isRead, false)),
  );
}

async function ownMessage(deps: AppDeps, auth: Auth, id: number) {
  const [row] = await deps.database.db
    .select({ id: sysMessages.id })
    .from(sysMessages)
    .where(and(mine(auth), eq(sysMessages.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Id 0 (or All) marks every unread message read. */
export async function markRead(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const unread = and(mine(auth), eq(sysMessages.isRead, false));
  if (id) await ownMessage(deps, auth, id);
  await db.transaction(async (tx) => {
    await tx
      .update(sysMessages)
      .set({ isRead: true, readAt: deps.now() })
      .where(id ? and(unread, eq(sysMessages.id, id)) : unread);
    // The person's other tabs and devices reload their popup and badge.
    await publish(tx, { kind: 'show', userIds: [auth.userId] });
  });
  return null;
}

export async function ignore(deps: AppDeps, auth: Auth, id: number) {
  await ownMessage(deps, auth, id);
  await deps.database.db
    .update(sysMessages)
    .set({ isIgnored: true })
    .where(and(mine(auth), eq(sysMessages.id, id)));
  return null;
}

export async function remove(deps: AppDeps, auth: Auth, ids: number[]) {
  for (const id of ids) await ownMessage(deps, auth, id);
  await deps.database.db.transaction(async (tx) => {
    for (const id of ids) await tx.delete(sysMessages).where(and(mine(auth), eq(sysMessages.id, id)));
  });
  return null;
}

export async function noticeList(deps: AppDeps, auth: Auth, q: ListQuery) {
  const { db } = deps.database;
  const joined = and(eq(sysNoticeReads.noticeId, sysNotices.id), eq(sysNoticeReads.userId, auth.userId));
  const where =
    q.IsRead === undefined
      ? undefined
      : q.IsRead === 1
        ? eq(sysNoticeReads.userId, auth.userId)
        : isNull(sysNoticeReads.userId);
  const [total] = await db.select({ n: count() }).from(sysNotices).leftJoin(sysNoticeReads, joined).where(where);
  const rows = await db
    .select({ n: sysNotices, readAt: sysNoticeReads.readAt })
    .from(sysNotices)
    .leftJoin(sysNoticeReads, joined)
    .where(where)
    .orderBy(desc(sysNotices.publishedAt), desc(sysNotices.id))
    .limit(q.PgSize)
    .offset((q.PgIndex - 1) * q.PgSize);
  return new Page(
    rows.map(({ n, readAt }) => ({
      Id: n.id,
      Title: n.title,
      IsRead: readAt ? 1 : 0,
      PublishTime: fmtTime(n.publishedAt, auth.timeZone),
    })),
    total?.n ?? 0,
  );
}

/** A system notice's detail; opening it marks it read for this person. */
export async function noticeById(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const [n] = await db.select().from(sysNotices).where(eq(sysNotices.id, id));
  if (!n) throw notFound();
  await db
    .insert(sysNoticeReads)
    .values({ noticeId: id, userId: auth.userId, readAt: deps.now() })
    .onConflictDoNothing();
  return { Id: n.id, Title: n.title, Content: n.content, PublishTime: fmtTime(n.publishedAt, auth.timeZone) };
}

export async function unreadCount(deps: AppDeps, auth: Auth): Promise<number> {
  const [row] = await deps.database.db
    .select({ n: count() })
    .from(sysMessages)
    .where(and(mine(auth), eq(sysMessages.isRead, false), eq(sysMessages.isIgnored, false)));
  return row?.n ?? 0;
}
