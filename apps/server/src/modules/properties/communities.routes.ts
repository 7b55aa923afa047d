import { CommunityRow, CommunitySaveBody, zOptionalText } from '@linli/shared';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { crudCalls } from '../../core/crud-calls';
import { fail, fieldError } from '../../core/errors';
import { seesAllCommunities } from '../../core/scope';
import { assertOwnUploads, releaseUploads } from '../../core/upload-refs';
import type { Tx } from '../../db/client';
import { buildings, communities, rooms, userCommunities, users } from '../../db/schema';
import { likeText, optionalInt } from '../../core/filters';

// 入住率 = (已入住 + 已出租) ÷ sold rooms (every status but 未售), one decimal, computed in SQL.
const figures = {
  BuildingCount: sql<number>`(select count(*)::int from ${buildings} b where b.community_id = ${communities.id})`,
  RoomCount: sql<number>`(select count(*)::int from ${rooms} r where r.community_id = ${communities.id})`,
  OccupancyRate: sql<string>`coalesce((select round(100.0 * count(*) filter (where r.status in (2, 3)) / nullif(count(*) filter (where r.status <> 0), 0), 1)::text from ${rooms} r where r.community_id = ${communities.id}), '0.0')`,
};

async function nextCode(tx: Tx, cmpId: number): Promise<string> {
  const [r] = await tx
    .select({ code: communities.code })
    .from(communities)
    .where(and(eq(communities.cmpId, cmpId), sql`${communities.code} ~ '^XQ[0-9]+$'`))
    .orderBy(desc(sql`length(${communities.code})`), desc(communities.code))
    .limit(1);
  return `XQ${String(r ? Number(r.code.slice(2)) + 1 : 1).padStart(4, '0')}`;
}

/** 小区管理 (fcgl_xqgl). /Community/Options lives in community-options.routes.ts. */
export const communityCalls = crudCalls({
  path: '/Community',
  role: 'fcgl_xqgl',
  table: communities,
  entity: 'community',
  scope: communities.id,
  row: CommunityRow,
  select: (db) =>
    db
      .select({
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
      })
      .from(communities)
      .leftJoin(users, eq(users.id, communities.managerUserId))
      .$dynamic(),
  view: (r) => ({ ...r, StatusName: r.Status === 1 ? '启用' : '停用' }),
  filter: { Keyword: zOptionalText(50, '关键字'), District: zOptionalText(20, '地区'), Status: optionalInt() },
  where: (f) => {
    const kw = f.Keyword && likeText(f.Keyword);
    const area = f.District && likeText(f.District);
    return [
      kw ? or(ilike(communities.name, kw), ilike(communities.code, kw), ilike(communities.address, kw)) : undefined,
      // 地区 is typed, not picked: '余杭' finds 余杭区, '杭州' every district of 杭州市.
      area
        ? or(ilike(communities.district, area), ilike(communities.city, area), ilike(communities.province, area))
        : undefined,
      f.Status === undefined ? undefined : eq(communities.status, f.Status),
    ];
  },
  sort: {
    Name: communities.name,
    Code: communities.code,
    BuildArea: communities.buildArea,
    Status: communities.status,
    ...figures,
  },
  save: {
    body: CommunitySaveBody,
    unique: { column: communities.name, field: 'Name', message: '小区名称已存在' },
    check: async (b, { tx, auth }) => {
      if (!b.ManagerUserId) return;
      const [m] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, b.ManagerUserId), eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
      if (!m) throw fieldError('ManagerUserId', '负责人不存在');
    },
    values: (b) => ({
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
    }),
    update: (b) => (b.Code ? { code: b.Code } : {}),
    insert: async (b, { tx, auth }) => ({ code: b.Code || (await nextCode(tx, auth.cmpId)) }),
    // A creator limited to some communities serves the one he adds, or he could not see it.
    afterInsert: async (id, { tx, auth }) => {
      if (!seesAllCommunities(auth)) await tx.insert(userCommunities).values({ userId: auth.userId, communityId: id });
    },
    // The photos must be this company's own uploads; they are served while the community uses them.
    afterSave: (id, b, { tx, auth }) =>
      assertOwnUploads(tx, auth, { name: 'Photos', label: '小区照片' }, b.Photos, { table: 'communities', id }),
    detail: (b) => ({ Name: b.Name }),
  },
  del: {
    before: async (id, { tx, auth, now }) => {
      await releaseUploads(tx, auth.cmpId, { table: 'communities', id }, now);
      const [b] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.communityId, id)).limit(1);
      if (b) throw fail('该小区下存在楼宇，不能删除');
      await tx.delete(userCommunities).where(eq(userCommunities.communityId, id));
    },
  },
  export: {
    title: '小区列表',
    columns: [
      { header: '名称', value: (r) => r.Name },
      { header: '编码', value: (r) => r.Code },
      { header: '地区', value: (r) => `${r.Province}${r.City}${r.District}` },
      { header: '地址', width: 30, value: (r) => r.Address },
      { header: '建筑面积', value: (r) => r.BuildArea },
      { header: '楼宇数', value: (r) => r.BuildingCount },
      { header: '房间数', value: (r) => r.RoomCount },
      { header: '入住率', value: (r) => `${r.OccupancyRate}%` },
      { header: '服务电话', value: (r) => r.ServicePhone },
      { header: '状态', value: (r) => r.StatusName },
    ],
  },
});
