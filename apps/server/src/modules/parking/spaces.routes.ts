import {
  batchSpaceNos,
  codeName,
  MSG_SPACE_HAS_VEHICLES,
  normalisePlate,
  ParkingSpaceBatchBody,
  ParkingSpaceRow,
  ParkingSpaceSaveBody,
  SPACE_STATUS,
  SPACE_TYPES,
  zId,
  zOptionalText,
} from '@linli/shared';
import { and, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { hasRole } from '../../core/auth';
import { inScope } from '../../core/scope';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call, saveBtn } from '../../core/calls';
import { crudCalls } from '../../core/crud-calls';
import { fail, fieldError, forbidden } from '../../core/errors';
import { likeText, optionalInt } from '../../core/filters';
import { communities, parkingLots, parkingSpaces, residentRooms, residents, rooms, vehicles } from '../../db/schema';
import { spaceImportCalls } from './space-import';
import { lotInScope, platesOn, spaceInScope, spacesIn } from './parking-refs';
import { capacityMessage, saveSpace } from './space-save';

const ROLE = 'cwcl_cwgl';

// Qualified by hand: drizzle leaves a column unqualified in a single-table select, where "id" would be v.id.
const plates = sql<
  string[]
>`coalesce((select array_agg(v.plate order by v.id) from ${vehicles} v where v.space_id = "parking_spaces"."id" and not v.is_deleted), '{}')`;

/** 车位管理 (cwcl_cwgl): spaces, 批量新增, 释放, import and export. */
export const spaceCalls = [
  ...crudCalls({
    path: '/ParkingSpace',
    role: ROLE,
    table: parkingSpaces,
    entity: 'parking-space',
    scope: parkingSpaces.communityId,
    row: ParkingSpaceRow,
    select: (db) =>
      db
        .select({
          Id: parkingSpaces.id,
          CommunityId: parkingSpaces.communityId,
          CommunityName: communities.name,
          LotId: parkingSpaces.lotId,
          LotName: parkingLots.name,
          SpaceNo: parkingSpaces.spaceNo,
          SpaceType: parkingSpaces.spaceType,
          Area: parkingSpaces.area,
          Status: parkingSpaces.status,
          OwnerResidentId: parkingSpaces.ownerResidentId,
          OwnerName: sql<string>`coalesce(${residents.name}, '')`,
          RoomId: parkingSpaces.roomId,
          RoomText: sql<string>`coalesce(${rooms.fullName}, '')`,
          RentStart: parkingSpaces.rentStart,
          RentEnd: parkingSpaces.rentEnd,
          Plates: plates,
        })
        .from(parkingSpaces)
        .innerJoin(communities, eq(communities.id, parkingSpaces.communityId))
        .innerJoin(parkingLots, eq(parkingLots.id, parkingSpaces.lotId))
        .leftJoin(residents, eq(residents.id, parkingSpaces.ownerResidentId))
        .leftJoin(rooms, eq(rooms.id, parkingSpaces.roomId))
        .$dynamic(),
    view: (r) => ({
      ...r,
      SpaceTypeName: codeName(SPACE_TYPES, r.SpaceType),
      StatusName: codeName(SPACE_STATUS, r.Status),
    }),
    filter: {
      CommunityId: optionalInt(),
      LotId: optionalInt(),
      SpaceNo: zOptionalText(20, '车位编号'),
      SpaceType: optionalInt(),
      Status: optionalInt(),
      Keyword: zOptionalText(30, '业主/车牌'),
    },
    where: (f) => {
      const kw = f.Keyword && likeText(f.Keyword);
      return [
        f.CommunityId === undefined ? undefined : eq(parkingSpaces.communityId, f.CommunityId),
        f.LotId === undefined ? undefined : eq(parkingSpaces.lotId, f.LotId),
        f.SpaceNo ? ilike(parkingSpaces.spaceNo, likeText(f.SpaceNo)) : undefined,
        f.SpaceType === undefined ? undefined : eq(parkingSpaces.spaceType, f.SpaceType),
        f.Status === undefined ? undefined : eq(parkingSpaces.status, f.Status),
        kw
          ? or(
              // Sub-selects, not the joins: the list's count reads the spaces table alone.
              exists(
                sql`(select 1 from ${residents} o where o.id = "parking_spaces"."owner_resident_id" and o.name ilike ${kw})`,
              ),
              exists(
                sql`(select 1 from ${vehicles} v where v.space_id = "parking_spaces"."id" and not v.is_deleted and v.plate ilike ${likeText(normalisePlate(f.Keyword))})`,
              ),
            )
          : undefined,
      ];
    },
    sort: { SpaceNo: parkingSpaces.spaceNo, LotName: parkingLots.name, Status: parkingSpaces.status },
    del: {
      before: async (id, { tx, auth }) => {
        if ((await platesOn(tx, auth.cmpId, id)).length) throw fail(MSG_SPACE_HAS_VEHICLES);
      },
    },
    export: {
      title: '车位列表',
      columns: [
        { header: '小区', value: (r) => r.CommunityName },
        { header: '车场', value: (r) => r.LotName },
        { header: '编号', value: (r) => r.SpaceNo },
        { header: '类型', value: (r) => r.SpaceTypeName },
        { header: '面积', value: (r) => r.Area ?? '' },
        { header: '状态', value: (r) => r.StatusName },
        { header: '业主', value: (r) => r.OwnerName },
        { header: '房屋', value: (r) => r.RoomText },
        { header: '租期开始', value: (r) => r.RentStart ?? '' },
        { header: '租期结束', value: (r) => r.RentEnd ?? '' },
        { header: '绑定车辆', width: 30, value: (r) => r.Plates.join('、') },
      ],
    },
  }),
  call({
    path: '/ParkingSpace/Save',
    role: ROLE,
    btn: saveBtn,
    body: ParkingSpaceSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => ({ Id: await saveSpace(tx, auth, b, deps.now(), ip) })),
  }),
  call({
    path: '/ParkingSpace/BatchAdd',
    role: ROLE,
    btn: 'add',
    body: ParkingSpaceBatchBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const nos = batchSpaceNos(b);
      return db.transaction(async (tx) => {
        const lot = await lotInScope(tx, auth, b.LotId);
        // Lock the lot so two batches cannot both fit under its SpaceCount.
        await tx.execute(sql`select 1 from ${parkingLots} where ${parkingLots.id} = ${lot.id} for update`);
        const entered = await spacesIn(tx, auth.cmpId, lot.id);
        if (entered + nos.length > lot.spaceCount) throw fieldError('To', capacityMessage(lot.spaceCount));
        const taken = await tx
          .select({ no: parkingSpaces.spaceNo })
          .from(parkingSpaces)
          .where(
            and(
              eq(parkingSpaces.cmpId, auth.cmpId),
              eq(parkingSpaces.lotId, lot.id),
              inArray(parkingSpaces.spaceNo, nos),
            ),
          )
          .orderBy(parkingSpaces.spaceNo)
          .limit(3);
        const takenNos = taken.map((r) => r.no);
        if (takenNos.length) throw fieldError('Prefix', `车位编号已存在：${takenNos.join('、')}`);
        const now = deps.now();
        await tx.execute(sql`insert into ${parkingSpaces}
            (cmp_id, community_id, lot_id, space_no, space_type, status, created_at, updated_at, created_by)
          select ${auth.cmpId}::int, ${lot.communityId}::int, ${lot.id}::int, no, ${b.SpaceType}::smallint, 1,
            ${now}, ${now}, ${auth.userId}::int
          from jsonb_array_elements_text(${JSON.stringify(nos)}::jsonb) as no`);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'parking-space.batch-add',
            entity: 'parking-lot',
            entityId: lot.id,
            detail: { From: nos[0], To: nos.at(-1), Count: nos.length },
            ip,
          },
          now,
        );
        return { Count: nos.length };
      });
    },
  }),
  call({
    path: '/ParkingSpace/Release',
    role: ROLE,
    btn: 'edit',
    body: z.object({ Id: zId() }),
    okMsg: '已释放',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => {
        const s = await spaceInScope(tx, auth, b.Id);
        if ((await platesOn(tx, auth.cmpId, s.id)).length) throw fail(MSG_SPACE_HAS_VEHICLES);
        const now = deps.now();
        await tx
          .update(parkingSpaces)
          .set({ status: 1, ownerResidentId: null, roomId: null, rentStart: null, rentEnd: null, updatedAt: now })
          .where(and(eq(parkingSpaces.id, s.id), eq(parkingSpaces.cmpId, auth.cmpId)));
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'parking-space.release',
            entity: 'parking-space',
            entityId: s.id,
            detail: { SpaceNo: s.spaceNo, FromStatus: s.status },
            ip,
          },
          now,
        );
        return null;
      }),
  }),
  ...spaceImportCalls,
];

/** Pickers of the vehicle form: a lot's spaces with the cars on them, and a resident's rooms. */
export const spaceOptionCalls = [
  call({
    path: '/ParkingSpace/Options',
    reads: true,
    body: z.object({ LotId: zId() }),
    handler: async (b, { deps, auth }) => {
      const rows = await deps.database.db
        .select({
          Id: parkingSpaces.id,
          SpaceNo: parkingSpaces.spaceNo,
          SpaceType: parkingSpaces.spaceType,
          Status: parkingSpaces.status,
          OwnerResidentId: parkingSpaces.ownerResidentId,
          Plates: plates,
        })
        .from(parkingSpaces)
        .where(
          and(
            eq(parkingSpaces.cmpId, auth.cmpId),
            eq(parkingSpaces.lotId, b.LotId),
            inScope(auth, parkingSpaces.communityId),
          ),
        )
        .orderBy(parkingSpaces.spaceNo)
        .limit(2000);
      return rows.map((r) => ({
        ...r,
        SpaceTypeName: codeName(SPACE_TYPES, r.SpaceType),
        StatusName: codeName(SPACE_STATUS, r.Status),
      }));
    },
  }),
  call({
    path: '/ParkingSpace/OwnerRooms',
    reads: true,
    body: z.object({ ResidentId: zId(), CommunityId: optionalInt() }),
    handler: async (b, { deps, auth }) => {
      if (!hasRole(auth, 'cwcl_cwgl') && !hasRole(auth, 'cwcl_clgl')) throw forbidden();
      return deps.database.db
        .select({ Id: rooms.id, Name: rooms.fullName, CommunityId: rooms.communityId })
        .from(residentRooms)
        .innerJoin(rooms, eq(rooms.id, residentRooms.roomId))
        .where(
          and(
            eq(residentRooms.cmpId, auth.cmpId),
            eq(residentRooms.residentId, b.ResidentId),
            isNull(residentRooms.moveOutDate),
            inScope(auth, residentRooms.communityId),
            b.CommunityId === undefined ? undefined : eq(residentRooms.communityId, b.CommunityId),
          ),
        )
        .orderBy(rooms.fullName);
    },
  }),
];
