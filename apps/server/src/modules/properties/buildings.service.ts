import { BUILDING_TYPES, type BuildingSaveBody } from '@linli/shared';
import { and, asc, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { assertCommunity, inScope } from '../../core/scope';
import { sortOf } from '../../core/sorting';
import type { Tx } from '../../db/client';
import { buildings, buildingUnits, communities, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { likeText } from '../../core/filters';

export interface BuildingFilter {
  PgIndex?: unknown;
  PgSize?: unknown;
  SortField?: unknown;
  SortOrder?: unknown;
  CommunityId?: number | undefined;
  Keyword?: string | undefined;
  BuildingType?: number | undefined;
}

const whereOf = (auth: Auth, f: BuildingFilter): SQL =>
  and(
    eq(buildings.cmpId, auth.cmpId),
    inScope(auth, buildings.communityId),
    f.CommunityId ? eq(buildings.communityId, f.CommunityId) : undefined,
    f.Keyword ? ilike(buildings.name, likeText(f.Keyword)) : undefined,
    f.BuildingType ? eq(buildings.buildingType, f.BuildingType) : undefined,
  )!;

const columns = {
  id: buildings.id,
  Id: buildings.id,
  CommunityId: buildings.communityId,
  CommunityName: communities.name,
  Name: buildings.name,
  Code: buildings.code,
  BuildingType: buildings.buildingType,
  FloorsAbove: buildings.floorsAbove,
  FloorsBelow: buildings.floorsBelow,
  HasLift: buildings.hasLift,
  Sort: buildings.sort,
  UnitCount: sql<number>`(select count(*)::int from ${buildingUnits} u where u.building_id = ${buildings.id})`,
  RoomCount: sql<number>`(select count(*)::int from ${rooms} r where r.building_id = ${buildings.id})`,
  OccupiedCount: sql<number>`(select count(*)::int from ${rooms} r where r.building_id = ${buildings.id} and r.status in (2, 3))`,
};

const select = (db: Tx) =>
  db.select(columns).from(buildings).innerJoin(communities, eq(communities.id, buildings.communityId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const view = ({ id: _id, ...r }: Row) => ({ ...r, BuildingTypeName: BUILDING_TYPES[r.BuildingType] ?? '' });

export async function buildingList(deps: AppDeps, auth: Auth, f: BuildingFilter) {
  const { db } = deps.database;
  const where = whereOf(auth, f);
  const p = pageOf(f);
  const rows = await select(db)
    .where(where)
    .orderBy(
      ...sortOf(
        f,
        {
          Name: buildings.name,
          Code: buildings.code,
          FloorsAbove: buildings.floorsAbove,
          RoomCount: columns.RoomCount,
          OccupiedCount: columns.OccupiedCount,
        },
        [buildings.communityId, buildings.sort, buildings.id],
      ),
    )
    .limit(p.limit)
    .offset(p.offset);
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(buildings)
    .where(where);
  return new Page(rows.map(view), c?.n ?? 0);
}

export function buildingBatch(deps: AppDeps, auth: Auth, f: BuildingFilter) {
  return async (after: number, size: number) =>
    (
      await select(deps.database.db)
        .where(and(whereOf(auth, f), gt(buildings.id, after)))
        .orderBy(buildings.id)
        .limit(size)
    ).map((r) => ({ ...view(r), id: r.id }));
}

/** A building of the session's scope, or '数据不存在'. */
export async function buildingOf(db: Tx, auth: Auth, id: number) {
  const [b] = await db
    .select()
    .from(buildings)
    .where(and(eq(buildings.id, id), eq(buildings.cmpId, auth.cmpId), inScope(auth, buildings.communityId)));
  if (!b) throw notFound();
  return b;
}

export const unitsOf = (db: Tx, buildingId: number) =>
  db
    .select({
      Id: buildingUnits.id,
      UnitNo: buildingUnits.unitNo,
      Name: buildingUnits.name,
      FloorsAbove: buildingUnits.floorsAbove,
    })
    .from(buildingUnits)
    .where(eq(buildingUnits.buildingId, buildingId))
    .orderBy(asc(buildingUnits.unitNo));

export async function buildingGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  await buildingOf(db, auth, id);
  const [r] = await select(db).where(eq(buildings.id, id));
  return { ...view(r!), Units: await unitsOf(db, id) };
}

export async function saveBuilding(deps: AppDeps, auth: Auth, b: BuildingSaveBody, ip: string) {
  const { db } = deps.database;
  await assertCommunity(db, auth, b.CommunityId);
  const old = b.Id ? await buildingOf(db, auth, b.Id) : null;
  if (old && old.communityId !== b.CommunityId) throw fieldError('CommunityId', '楼宇不能改到其他小区');
  const nos = b.Units.map((u) => u.UnitNo);
  if (new Set(nos).size !== nos.length) throw fieldError('Units', '单元号不能重复');
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.communityId, b.CommunityId), eq(buildings.name, b.Name)));
    if (dup && dup.id !== b.Id) throw fieldError('Name', '该小区已存在同名楼宇');
    const now = deps.now();
    const values = {
      name: b.Name,
      code: b.Code ?? '',
      buildingType: b.BuildingType,
      floorsAbove: b.FloorsAbove,
      floorsBelow: b.FloorsBelow,
      hasLift: b.HasLift,
      sort: b.Sort,
      updatedAt: now,
    };
    let id = b.Id;
    if (old) {
      await tx
        .update(buildings)
        .set(values)
        .where(and(eq(buildings.id, id), eq(buildings.cmpId, auth.cmpId)));
    } else {
      const [row] = await tx
        .insert(buildings)
        .values({ ...values, cmpId: auth.cmpId, communityId: b.CommunityId, createdBy: auth.userId, createdAt: now })
        .returning({ id: buildings.id });
      id = row!.id;
    }
    await saveUnits(tx, auth, { id, communityId: b.CommunityId, floorsAbove: b.FloorsAbove }, b.Units, now);
    // The stored 房间全称 follows a renamed building or unit.
    await tx.execute(sql`update ${rooms} r set full_name = b.name || '-' || u.name || '-' || r.room_no
      from ${buildings} b, ${buildingUnits} u
      where r.cmp_id = ${auth.cmpId} and r.building_id = ${id} and b.id = r.building_id and u.id = r.unit_id
        and r.full_name <> b.name || '-' || u.name || '-' || r.room_no`);
    const action = old ? 'building.edit' : 'building.add';
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action,
        entity: 'building',
        entityId: id,
        detail: { Name: b.Name },
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

async function saveUnits(
  tx: Tx,
  auth: Auth,
  bld: { id: number; communityId: number; floorsAbove: number },
  units: BuildingSaveBody['Units'],
  now: Date,
) {
  const existing = await tx.select().from(buildingUnits).where(eq(buildingUnits.buildingId, bld.id));
  const keptIds = new Set(units.map((u) => u.Id).filter(Boolean));
  const removed = existing.filter((e) => !keptIds.has(e.id));
  if (removed.length) {
    const [used] = await tx
      .select({ unitId: rooms.unitId })
      .from(rooms)
      .where(
        inArray(
          rooms.unitId,
          removed.map((r) => r.id),
        ),
      )
      .limit(1);
    if (used) throw fail(`${removed.find((r) => r.id === used.unitId)!.name}下存在房间，不能删除`);
    await tx.delete(buildingUnits).where(
      and(
        eq(buildingUnits.cmpId, auth.cmpId),
        inArray(
          buildingUnits.id,
          removed.map((r) => r.id),
        ),
      ),
    );
  }
  // Unit numbers may swap between rows: park the kept ones on negative numbers first.
  await tx
    .update(buildingUnits)
    .set({ unitNo: sql`-${buildingUnits.unitNo}` })
    .where(and(eq(buildingUnits.buildingId, bld.id), eq(buildingUnits.cmpId, auth.cmpId)));
  for (const u of units) {
    const values = {
      unitNo: u.UnitNo,
      name: u.Name || `${u.UnitNo}单元`,
      floorsAbove: Math.min(u.FloorsAbove ?? bld.floorsAbove, bld.floorsAbove),
      updatedAt: now,
    };
    if (u.Id) {
      const own = existing.find((e) => e.id === u.Id);
      if (!own) throw fieldError('Units', '单元不存在');
      await tx
        .update(buildingUnits)
        .set(values)
        .where(and(eq(buildingUnits.id, u.Id), eq(buildingUnits.cmpId, auth.cmpId)));
    } else {
      await tx.insert(buildingUnits).values({
        ...values,
        cmpId: auth.cmpId,
        communityId: bld.communityId,
        buildingId: bld.id,
        createdBy: auth.userId,
        createdAt: now,
      });
    }
  }
}

export async function deleteBuilding(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { db } = deps.database;
  await buildingOf(db, auth, id);
  await db.transaction(async (tx) => {
    const [r] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.buildingId, id)).limit(1);
    if (r) throw fail('该楼宇下存在房间，不能删除');
    await tx.delete(buildingUnits).where(and(eq(buildingUnits.buildingId, id), eq(buildingUnits.cmpId, auth.cmpId)));
    await tx.delete(buildings).where(and(eq(buildings.id, id), eq(buildings.cmpId, auth.cmpId)));
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'building.del', entity: 'building', entityId: id, ip },
      deps.now(),
    );
  });
  return null;
}

/** Cascading pickers: 楼宇 of a community, 单元 of a building; limited to the caller's communities. */
export async function buildingOptions(deps: AppDeps, auth: Auth, communityId: number) {
  return deps.database.db
    .select({ Id: buildings.id, Name: buildings.name })
    .from(buildings)
    .where(
      and(
        eq(buildings.communityId, communityId),
        eq(buildings.cmpId, auth.cmpId),
        inScope(auth, buildings.communityId),
      ),
    )
    .orderBy(buildings.sort, buildings.id);
}

export async function unitOptions(deps: AppDeps, auth: Auth, buildingId: number) {
  const { db } = deps.database;
  await buildingOf(db, auth, buildingId);
  return unitsOf(db, buildingId);
}
