import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { companies, positionRights, positions, sessions, userPositions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../realtime/bus';
import { adminGrants, grantsFromRights } from './access';
import { forbidden, unauthorized } from './errors';
import { newToken, sha256 } from './tokens';

export const SESSION_DAYS = 7;

/** The caller, resolved once at the edge; every query takes its company from here. */
export interface Auth {
  sessionId: number;
  userId: number;
  cmpId: number;
  account: string;
  name: string;
  isAdmin: boolean;
  allCommunity: boolean;
  timeZone: string;
  access: string[];
  buttons: Map<string, Set<string>>;
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export async function authenticate(deps: AppDeps, req: FastifyRequest): Promise<Auth> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('请先登录');
  const auth = await resolveToken(deps, token);
  if (!auth) throw unauthorized();
  return auth;
}

/** Who a caller is, read with users joined to companies; `liveUser` keeps the enabled ones of enabled companies. */
export const AUTH_COLUMNS = {
  userId: users.id,
  cmpId: users.cmpId,
  account: users.account,
  name: users.name,
  isAdmin: users.isAdmin,
  allCommunity: users.allCommunity,
  timeZone: companies.timeZone,
};
export const liveUser = () => and(eq(users.state, 1), eq(users.isDel, false), eq(companies.state, 1));

/**
 * Used by the API and the WebSocket: a live session of an enabled user of an enabled company, with the rights of the
 * positions the user holds, in one round trip (every call pays for it; the rights were a second query per request).
 * Nothing is cached between requests, so a logout, a disable or a changed position counts from the next request on.
 */
export async function resolveToken(deps: AppDeps, token: string): Promise<Auth | null> {
  const { db } = deps.database;
  const rows = await db
    .select({
      sessionId: sessions.id,
      ...AUTH_COLUMNS,
      isSystem: positions.isSystem,
      roleKey: positionRights.roleKey,
      btn: positionRights.btn,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.cmpId))
    .leftJoin(userPositions, eq(userPositions.userId, users.id))
    .leftJoin(positions, eq(positions.id, userPositions.positionId))
    .leftJoin(positionRights, eq(positionRights.positionId, userPositions.positionId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, deps.now()),
        liveUser(),
      ),
    )
    // Every call runs it: each connection plans it once (db/client.ts PREPARED).
    .prepare('auth_resolve_token')
    .execute();
  const first = rows[0];
  if (!first) return null;
  const { isSystem: _s, roleKey: _r, btn: _b, ...user } = first;
  const rights = rows
    .filter((r) => r.isSystem !== null)
    .map((r) => ({ isSystem: r.isSystem!, roleKey: r.roleKey ?? '', btn: r.btn ?? '' }));
  return { ...user, ...grantsFrom(user.isAdmin, rights) };
}

/** What a user may do now: everything for the company administrator, else the union of their positions. */
export async function grantsOf(db: Tx, user: { userId: number; isAdmin: boolean }) {
  return grantsFrom(user.isAdmin, user.isAdmin ? [] : await rightsOf(db, user.userId));
}

function grantsFrom(isAdmin: boolean, rights: { isSystem: boolean; roleKey: string; btn: string }[]) {
  // The system position 超级管理员 grants everything to whoever holds it, not only to the company administrator.
  if (isAdmin || rights.some((r) => r.isSystem)) return adminGrants();
  return grantsFromRights(rights.filter((r) => r.roleKey));
}

/** The rights of every position a user holds, in one query; a position without rights still shows (isSystem). */
export async function rightsOf(db: Tx, userId: number) {
  const rows = await db
    .select({ isSystem: positions.isSystem, roleKey: positionRights.roleKey, btn: positionRights.btn })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .leftJoin(positionRights, eq(positionRights.positionId, userPositions.positionId))
    .where(eq(userPositions.userId, userId));
  return rows.map((r) => ({ isSystem: r.isSystem, roleKey: r.roleKey ?? '', btn: r.btn ?? '' }));
}

export function hasRole(auth: Auth, role: string): boolean {
  return auth.isAdmin || auth.access.includes(role);
}

export function hasButton(auth: Auth, role: string, btn: string): boolean {
  return auth.isAdmin || (auth.buttons.get(role)?.has(btn) ?? false);
}

export function requireRight(auth: Auth, role?: string, btn?: string): void {
  if (role && !hasRole(auth, role)) throw forbidden();
  if (role && btn && !hasButton(auth, role, btn)) throw forbidden();
}

export async function createSession(
  deps: AppDeps,
  tx: Tx,
  user: { id: number; cmpId: number },
  meta: { way: 'pwd' | 'tel' | 'demo'; ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await tx.insert(sessions).values({
    userId: user.id,
    cmpId: user.cmpId,
    tokenHash: sha256(token),
    way: meta.way,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 255),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

/** Ends every live session of a user of company `cmpId` (password change, disable, delete). */
export async function revokeUserSessions(deps: AppDeps, tx: Tx, userId: number, cmpId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.userId, userId), eq(sessions.cmpId, cmpId), isNull(sessions.revokedAt)));
  // Open sockets of the person re-check their session once this commits.
  await publish(tx, { kind: 'revoke', userIds: [userId] });
}
