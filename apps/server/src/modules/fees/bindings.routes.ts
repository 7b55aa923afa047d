import {
  FEE_BINDING_STATE,
  FEE_PAYER_TYPE,
  FeeBindBody,
  FeeUnbindBody,
  feeName,
  zId,
  zOptionalText,
} from '@linli/shared';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call } from '../../core/calls';
import { likeText, optionalInt } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { pagingFields } from '../../core/paging';
import { inScope } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import { buildingUnits, buildings, communities, feeBindings, feeItems, feeStandards, rooms } from '../../db/schema';
import { bindableStandard, bindPayers, unbind } from './bindings.service';
import { otherPayerNameSql } from './payer-names';

const payerName = sql<string>`case when ${feeBindings.payerType} = 1 then coalesce(${rooms.fullName}, '') else ${otherPayerNameSql(sql`${feeBindings.payerType}`, sql`${feeBindings.payerId}`, sql`${feeBindings.cmpId}`)} end`;

const ListBody = z.object({
  ...pagingFields,
  StandardId: optionalInt(),
  ItemId: optionalInt(),
  CommunityId: optionalInt(),
  BuildingId: optionalInt(),
  PayerType: optionalInt(),
  State: optionalInt(),
  Keyword: zOptionalText(50, '关键字'),
});

/** 绑定 drawer of 收费项目 (sfgl_sfxm `bind`). */
export const feeBindingCalls = [
  call({
    path: '/FeeBinding/Bind',
    role: 'sfgl_sfxm',
    btn: 'bind',
    body: FeeBindBody,
    okMsg: '绑定成功',
    handler: (b, { deps, auth }) => deps.database.db.transaction((tx) => bindPayers(tx, auth, b, deps.now())),
  }),
  call({
    path: '/FeeBinding/Unbind',
    role: 'sfgl_sfxm',
    btn: 'bind',
    body: FeeUnbindBody,
    okMsg: '解绑成功',
    handler: (b, { deps, auth }) =>
      deps.database.db.transaction((tx) => unbind(tx, auth, b.Ids, b.EndDate, deps.now())),
  }),
  call({
    path: '/FeeBinding/List',
    role: 'sfgl_sfxm',
    reads: true,
    body: ListBody,
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = and(
        eq(feeBindings.cmpId, auth.cmpId),
        inScope(auth, feeBindings.communityId),
        f.StandardId === undefined ? undefined : eq(feeBindings.standardId, f.StandardId),
        f.ItemId === undefined ? undefined : eq(feeBindings.itemId, f.ItemId),
        f.CommunityId === undefined ? undefined : eq(feeBindings.communityId, f.CommunityId),
        f.BuildingId === undefined ? undefined : eq(feeBindings.buildingId, f.BuildingId),
        f.PayerType === undefined ? undefined : eq(feeBindings.payerType, f.PayerType),
        f.State === undefined ? undefined : eq(feeBindings.state, f.State),
        f.Keyword
          ? sql`${feeBindings.roomId} in (select id from ${rooms} where ${rooms.cmpId} = ${auth.cmpId} and ${ilike(rooms.fullName, likeText(f.Keyword))})`
          : undefined,
      );
      return listWithCount(db, f, {
        table: feeBindings,
        where,
        rows: async (p) =>
          (
            await db
              .select({
                b: feeBindings,
                StandardName: feeStandards.standardName,
                ItemName: feeItems.itemName,
                CommunityName: communities.name,
                PayerName: payerName,
              })
              .from(feeBindings)
              .innerJoin(feeStandards, eq(feeStandards.id, feeBindings.standardId))
              .innerJoin(feeItems, eq(feeItems.id, feeBindings.itemId))
              .innerJoin(communities, eq(communities.id, feeBindings.communityId))
              .leftJoin(rooms, eq(rooms.id, feeBindings.roomId))
              .where(where)
              .orderBy(asc(feeBindings.state), asc(rooms.fullName), asc(feeBindings.id))
              .limit(p.limit)
              .offset(p.offset)
          ).map(({ b, ...r }) => ({
            Id: b.id,
            StandardId: b.standardId,
            StandardName: r.StandardName,
            ItemId: b.itemId,
            ItemName: r.ItemName,
            CommunityId: b.communityId,
            CommunityName: r.CommunityName,
            BuildingId: b.buildingId ?? 0,
            RoomId: b.roomId ?? 0,
            PayerType: b.payerType,
            PayerTypeName: feeName(FEE_PAYER_TYPE, b.payerType),
            PayerId: b.payerId,
            PayerName: r.PayerName,
            StartDate: b.startDate,
            EndDate: b.endDate ?? '',
            State: b.state,
            StateName: feeName(FEE_BINDING_STATE, b.state),
            CreateTime: fmtTime(b.createdAt),
          })),
      });
    },
  }),
  call({
    path: '/FeeBinding/Rooms',
    role: 'sfgl_sfxm',
    reads: true,
    body: z.object({ StandardId: zId(), BuildingId: optionalInt(), UnitId: optionalInt() }),
    // The drawer's room picker: the standard's community's rooms, marked 已绑定 (this standard) or 已绑定其他标准.
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const s = await bindableStandard(db, auth, b.StandardId);
      const conds: (SQL | undefined)[] = [
        eq(rooms.cmpId, auth.cmpId),
        eq(rooms.communityId, s.communityId),
        b.BuildingId === undefined ? undefined : eq(rooms.buildingId, b.BuildingId),
        b.UnitId === undefined ? undefined : eq(rooms.unitId, b.UnitId),
      ];
      const rows = await db
        .select({
          RoomId: rooms.id,
          RoomName: rooms.fullName,
          BuildingId: rooms.buildingId,
          BuildingName: buildings.name,
          UnitId: rooms.unitId,
          UnitName: buildingUnits.name,
          BoundStandardId: sql<number>`coalesce((select fb.standard_id from ${feeBindings} fb where fb.cmp_id = ${auth.cmpId} and fb.item_id = ${s.itemId} and fb.payer_type = 1 and fb.payer_id = ${rooms.id} and fb.state = 1), 0)`,
        })
        .from(rooms)
        .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
        .innerJoin(buildingUnits, eq(buildingUnits.id, rooms.unitId))
        .where(and(...conds))
        .orderBy(asc(buildings.sort), asc(buildings.id), asc(buildingUnits.unitNo), asc(rooms.floor), asc(rooms.roomNo))
        .limit(5000);
      return rows.map((r) => ({
        ...r,
        Bound: r.BoundStandardId === s.id,
        BoundOther: r.BoundStandardId > 0 && r.BoundStandardId !== s.id,
      }));
    },
  }),
  call({
    path: '/FeeBinding/Payers',
    role: 'sfgl_sfxm',
    reads: true,
    body: z.object({ StandardId: zId(), Keyword: z.string().trim().max(50).optional() }),
    // The drawer's list for a 车位 or 车辆 item (a 房屋 item uses the room tree): the community's spaces (车场-车位号)
    // or vehicles (车牌) with their room and owner, marked 已绑定 / 已绑定其他标准; at most 500, narrowed by Keyword.
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const s = await bindableStandard(db, auth, b.StandardId);
      const [item] = await db.select({ payerType: feeItems.payerType }).from(feeItems).where(eq(feeItems.id, s.itemId));
      const payerType = item?.payerType ?? 1;
      const kw = b.Keyword ? likeText(b.Keyword) : null;
      const payers =
        payerType === 2
          ? sql`select sp.id as payer_id, (l.name || '-' || sp.space_no)::text as payer_name, sp.room_id,
                sp.owner_resident_id as owner_id
              from parking_spaces sp join parking_lots l on l.id = sp.lot_id
              where sp.cmp_id = ${auth.cmpId} and sp.community_id = ${s.communityId}
                ${kw ? sql`and (sp.space_no ilike ${kw} or l.name ilike ${kw})` : sql``}`
          : payerType === 3
            ? sql`select v.id as payer_id, v.plate::text as payer_name, v.room_id, v.owner_resident_id as owner_id
                from vehicles v
                where v.cmp_id = ${auth.cmpId} and v.community_id = ${s.communityId} and not v.is_deleted
                  ${kw ? sql`and v.plate ilike ${kw}` : sql``}`
            : null;
      if (!payers) return { PayerType: payerType, Rows: [] };
      const rows = await sqlRows<{
        PayerId: number;
        PayerName: string;
        RoomName: string;
        OwnerName: string;
        BoundStandardId: number;
      }>(
        db,
        sql`select p.payer_id as "PayerId", p.payer_name as "PayerName", coalesce(r.full_name, '') as "RoomName",
              coalesce(o.name, '') as "OwnerName",
              coalesce((select fb.standard_id from ${feeBindings} fb where fb.cmp_id = ${auth.cmpId}
                and fb.item_id = ${s.itemId} and fb.payer_type = ${payerType} and fb.payer_id = p.payer_id
                and fb.state = 1), 0) as "BoundStandardId"
            from (${payers}) p
            left join rooms r on r.id = p.room_id
            left join residents o on o.id = p.owner_id
            order by p.payer_name limit 500`,
      );
      return {
        PayerType: payerType,
        Rows: rows.map((r) => ({
          ...r,
          Bound: r.BoundStandardId === s.id,
          BoundOther: r.BoundStandardId > 0 && r.BoundStandardId !== s.id,
        })),
      };
    },
  }),
];
