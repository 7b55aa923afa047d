import type { CommunitySaveBody } from '@linli/shared';
import { and, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { likeText } from './filters';
import { assertCommunity, inScope } from '../../core/scope';
import { sortOf } from '../../core/sorting';
import type { Tx } from '../../db/client';
import { buildings, communities, rooms, userCommunities, users } from '../../db/schema';
import type { AppDeps } from '../../deps';

export interface CommunityFilter {
  PgIndex?: unknown;
  PgSize?: unknown;
  SortField?: unknown;
  SortOrder?: unknown;
  Keyword?: string | undefined;
  District?: string | undefined;
  Status?: number | undefined;
}

function whereOf(auth: Auth, f: CommunityFilter): SQL {
  const kw = f.Keyword ? likeText(f.Keyword) : null;
  // 地区 is typed, not picked: '余杭' finds 余杭区, '杭州' every district of 杭州市.
  const area = f.District ? likeText(f.District) : null;
  return and(
    eq(communities.cmpId, auth.cmpId),
    inScope(auth, communities.id),
    kw ? or(ilike(communities.name, kw), ilike(communities.code, kw), ilike(communities.address, kw)) : undefined,
    area
      ? or(ilike(communities.district, area), ilike(communities.city, area), ilike(communities.province, area))
      : undefined,
    f.Status === undefined ? undefined : eq(communities.status, f.Status),
  )!;
}

// 入住率 = (已入住 + 已出租) ÷ sold rooms (every status but 未售), one decimal, computed in SQL.
const figures = {
  BuildingCount: sql<number>`(select count(*)::int from ${buildings} b where b.community_id = ${communities.id})`,
  RoomCount: sql<number>`(select count(*)::int from ${rooms} r where r.community_id = ${communities.id})`,
  OccupancyRate: sql<string>`coalesce((select round(100.0 * count(*) filter (where r.status in (2, 3)) / nullif(count(*) filter (where r.status <> 0), 0), 1)::text from ${rooms} r where r.community_id = ${communities.id}), '0.0')`,
};

const columns = {
  id: communities.id,
  Id: communities.id,
  Name: communities.name,
  Code: communities.code,
  Province: communities.province,
  City: communities.city,
  District: communities.district,
  Address: communities.address,
  BuildArea: communities.buildArea,
  ServicePhone: communities.servicePhone,
  ManagerUserId: communities.managerUserId,
  ManagerName: sql<string>`coalesce(${users.name}, '')`,
  DeliveryDate: communities.deliveryDate,
  Photos: communities.photos,
  Status: communities.status,
  ...figures,
};

const selectCommunities = (db: Tx) =>
  db.select(columns).from(communities).leftJoin(users, eq(users.id, communities.managerUserId));

export type CommunityView = Awaited<ReturnType<ReturnType<typeof selectCommunities>['execute']>>[number];
const view = ({ id: _id, ...r }: CommunityView) => ({ ...r, StatusName: r.Status === 1 ? '启用' : '停用' });

export async function communityList(deps: AppDeps, auth: Auth, f: CommunityFilter) {
  const { db } = deps.database;
  const where = whereOf(auth, f);
  const p = pageOf(f);
  const order = sortOf(
    f,
    {
      Name: communities.name,
      Code: communities.code,
      BuildArea: communities.buildArea,
      Status: communities.status,
      ...figures,
    },
    [communities.id],
  );
  const rows = await selectCommunities(db)
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset);
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(communities)
    .where(where);
  return new Page(rows.map(view), c?.n ?? 0);
}

/** Export rows, a batch at a time (keyset on id). */
export function communityBatch(deps: AppDeps, auth: Auth, f: CommunityFilter) {
  return async (after: number, size: number) =>
    (
      await selectCommunities(deps.database.db)
        .where(and(whereOf(auth, f), gt(communities.id, after)))
        .orderBy(communities.id)
        .limit(size)
    ).map((r) => ({ ...view(r), id: r.id }));
}

export async function communityGet(deps: AppDeps, auth: Auth, id: number) {
  const [r] = await selectCommunities(deps.database.db).where(and(eq(communities.id, id), whereOf(auth, {})));
  if (!r) throw notFound();
  return view(r);
}

async function nextCode(tx: Tx, cmpId: number): Promise<string> {
  const [r] = await tx
    .select({ code: communities.code })
    .from(communities)
    .where(and(eq(communities.cmpId, cmpId), sql`${communities.code} ~ '^XQ[0-9]+$'`))
    .orderBy(desc(sql`length(${communities.code})`), desc(communities.code))
    .limit(1);
  const n = r ? Number(r.code.slice(2)) + 1 : 1;
  return `XQ${String(n).padStart(4, '0')}`;
}

export async function saveCommunity(deps: AppDeps, auth: Auth, b: CommunitySaveBody, ip: string) {
  const { db } = deps.database;
  if (b.Id) await assertCommunity(db, auth, b.Id);
  if (b.ManagerUserId) {
    const [m] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, b.ManagerUserId), eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
    if (!m) throw fieldError('ManagerUserId', '负责人不存在');
  }
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.cmpId, auth.cmpId), eq(communities.name, b.Name)));
    if (dup && dup.id !== b.Id) throw fieldError('Name', '小区名称已存在');
    const now = deps.now();
    const values = {
      name: b.Name,
      province: b.Province,
      city: b.City,
      district: b.District,
      address: b.Address,
      buildArea: b.BuildArea ?? '0',
      servicePhone: b.ServicePhone ?? '',
      managerUserId: b.ManagerUserId ?? null,
      deliveryDate: b.DeliveryDate ?? null,
      photos: b.Photos,
      status: b.Status,
      updatedAt: now,
    };
    let id = b.Id;
    if (id) {
      await tx
        .update(communities)
        .set({ ...values, ...(b.Code ? { code: b.Code } : {}) })
        .where(and(eq(communities.id, id), eq(communities.cmpId, auth.cmpId)));
    } else {
      const code = b.Code || (await nextCode(tx, auth.cmpId));
      const [row] = await tx
        .insert(communities)
        .values({ ...values, code, cmpId: auth.cmpId, createdBy: auth.userId, createdAt: now })
        .returning({ id: communities.id });
      id = row!.id;
      // A creator limited to some communities serves the one he adds, or he could not see it.
      if (!auth.isAdmin && !auth.allCommunity)
        await tx.insert(userCommunities).values({ userId: auth.userId, communityId: id });
    }
    const action = b.Id ? 'community.edit' : 'community.add';
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action,
        entity: 'community',
        entityId: id,
        detail: { Name: b.Name },
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

export async function deleteCommunity(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { db } = deps.database;
  await assertCommunity(db, auth, id);
  await db.transaction(async (tx) => {
    const [b] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.communityId, id)).limit(1);
    if (b) throw fail('该小区下存在楼宇，不能删除');
    await tx.delete(userCommunities).where(eq(userCommunities.communityId, id));
    await tx.delete(communities).where(and(eq(communities.id, id), eq(communities.cmpId, auth.cmpId)));
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'community.del', entity: 'community', entityId: id, ip },
      deps.now(),
    );
  });
  return null;
}
