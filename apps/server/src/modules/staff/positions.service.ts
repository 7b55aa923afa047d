import type { PositionCopyBody, PositionRight, PositionSaveBody } from '@linli/shared';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import { departments, positionRights, positions, userPositions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { allRights, normaliseRights } from './right-tree';

const MSG_SYSTEM = '系统岗位不能修改';

async function positionOf(tx: Tx, auth: Auth, id: number) {
  const [p] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.cmpId, auth.cmpId)));
  if (!p) throw notFound();
  return p;
}

async function holders(tx: Tx, positionId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(userPositions)
    .innerJoin(users, eq(users.id, userPositions.userId))
    .where(and(eq(userPositions.positionId, positionId), eq(users.isDel, false)));
  return row?.n ?? 0;
}

async function assertNameFree(tx: Tx, auth: Auth, name: string, exceptId = 0) {
  const [taken] = await tx
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.cmpId, auth.cmpId), eq(positions.name, name), ne(positions.id, exceptId)));
  if (taken) throw fieldError('Name', '岗位名称已存在');
}

export async function listPositions(deps: AppDeps, auth: Auth) {
  const { db } = deps.database;
  const rows = await db
    .select({ Id: positions.id, Name: positions.name, Remark: positions.remark, IsSystem: positions.isSystem })
    .from(positions)
    .where(eq(positions.cmpId, auth.cmpId))
    .orderBy(positions.sort, positions.id);
  const counts = await db
    .select({ id: userPositions.positionId, n: count() })
    .from(userPositions)
    .innerJoin(users, eq(users.id, userPositions.userId))
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.isDel, false)))
    .groupBy(userPositions.positionId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, StaffCount: byId.get(r.Id) ?? 0 }));
}

async function rightsOfPosition(tx: Tx, p: { id: number; isSystem: boolean }): Promise<PositionRight[]> {
  if (p.isSystem) return allRights();
  return tx
    .select({ RoleKey: positionRights.roleKey, Btn: positionRights.btn })
    .from(positionRights)
    .where(eq(positionRights.positionId, p.id));
}

export async function getPosition(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const p = await positionOf(db, auth, id);
  const members = await db
    .select({
      Id: users.id,
      UserName: users.name,
      UserAccount: users.account,
      DptName: departments.name,
      State: users.state,
    })
    .from(userPositions)
    .innerJoin(users, eq(users.id, userPositions.userId))
    .leftJoin(departments, eq(departments.id, users.dptId))
    .where(and(eq(userPositions.positionId, id), eq(users.isDel, false)))
    .orderBy(users.id);
  return {
    Id: p.id,
    Name: p.name,
    Remark: p.remark,
    IsSystem: p.isSystem,
    Sort: p.sort,
    Rights: await rightsOfPosition(db, p),
    Members: members.map((m) => ({ ...m, DptName: m.DptName ?? '' })),
  };
}

async function writeRights(tx: Tx, positionId: number, rights: PositionRight[]) {
  await tx.delete(positionRights).where(eq(positionRights.positionId, positionId));
  if (rights.length) {
    await tx.insert(positionRights).values(rights.map((r) => ({ positionId, roleKey: r.RoleKey, btn: r.Btn })));
  }
}

/**
 * Rights are read from the database on every call (core/auth.ts), so a save binds every holder's next call; the
 * menus follow on their next page load.
 */
export async function savePosition(deps: AppDeps, auth: Auth, b: PositionSaveBody, ip: string) {
  const rights = b.Rights ? normaliseRights(b.Rights) : undefined;
  return deps.database.db.transaction(async (tx) => {
    let id = b.Id;
    if (id) {
      const p = await positionOf(tx, auth, id);
      if (p.isSystem) throw fail(MSG_SYSTEM);
      await assertNameFree(tx, auth, b.Name, id);
      await tx
        .update(positions)
        .set({ name: b.Name, remark: b.Remark ?? '', updatedAt: deps.now() })
        .where(and(eq(positions.id, id), eq(positions.cmpId, auth.cmpId)));
    } else {
      await assertNameFree(tx, auth, b.Name);
      const [row] = await tx
        .insert(positions)
        .values({ cmpId: auth.cmpId, name: b.Name, remark: b.Remark ?? '', sort: 100, createdBy: auth.userId })
        .returning({ id: positions.id });
      id = row!.id;
    }
    if (rights) await writeRights(tx, id, rights);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: b.Id ? 'position.edit' : 'position.add',
        entity: 'position',
        entityId: id,
        detail: { Name: b.Name, Rights: rights },
        ip,
      },
      deps.now(),
    );
    return id;
  });
}

export async function copyPosition(deps: AppDeps, auth: Auth, b: PositionCopyBody, ip: string) {
  return deps.database.db.transaction(async (tx) => {
    const src = await positionOf(tx, auth, b.Id);
    await assertNameFree(tx, auth, b.Name);
    const [row] = await tx
      .insert(positions)
      .values({ cmpId: auth.cmpId, name: b.Name, remark: src.remark, sort: 100, createdBy: auth.userId })
      .returning({ id: positions.id });
    await writeRights(tx, row!.id, await rightsOfPosition(tx, src));
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'position.copy',
        entity: 'position',
        entityId: row!.id,
        detail: { From: src.id, Name: b.Name },
        ip,
      },
      deps.now(),
    );
    return row!.id;
  });
}

export async function deletePosition(deps: AppDeps, auth: Auth, id: number, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    const p = await positionOf(tx, auth, id);
    if (p.isSystem) throw fail(MSG_SYSTEM);
    const n = await holders(tx, id);
    if (n > 0) throw fail(`该岗位下还有${n}名员工，不能删除`);
    // Deleted accounts keep their names in history, not their positions.
    const gone = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.cmpId, auth.cmpId), eq(users.isDel, true)));
    await tx.delete(userPositions).where(and(eq(userPositions.positionId, id), inArray(userPositions.userId, gone)));
    await tx.delete(positions).where(and(eq(positions.id, id), eq(positions.cmpId, auth.cmpId)));
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'position.del',
        entity: 'position',
        entityId: id,
        detail: { Name: p.name },
        ip,
      },
      deps.now(),
    );
  });
  return null;
}
