import { and, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fieldError } from '../../core/errors';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { colleaguesInScope } from '../staff/staff-query';
import { localOf } from './att-judge';

/** Today in the caller's zone. */
export const todayOf = (now: Date, tz: string) => localOf(now, tz).format('YYYY-MM-DD');

/** 'YYYY-MM' → its first and last day. */
export function monthRange(month: string): [string, string] {
  const first = `${month}-01`;
  return [
    first,
    localOf(Date.parse(`${first}T12:00:00Z`), 'UTC')
      .endOf('month')
      .format('YYYY-MM-DD'),
  ];
}

/** The live staff among `ids` that the caller may see (his company, his communities' colleagues): id → name. */
export async function staffNames(db: Tx, auth: Auth, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.isDel, false), inArray(users.id, ids), colleaguesInScope(auth)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Refuses any id that is not such a person: '员工不存在' on `field`. */
export async function assertStaff(db: Tx, auth: Auth, ids: number[], field = 'UserId'): Promise<Map<number, string>> {
  const names = await staffNames(db, auth, ids);
  if (ids.some((id) => !names.has(id))) throw fieldError(field, '员工不存在');
  return names;
}

export const codeName = (names: readonly string[], code: number | null | undefined) => names[code ?? 0] ?? '';
