import {
  codeName,
  durationText,
  ENABLE_STATUS,
  LOT_TYPES,
  ParkingLotRow,
  ParkingLotSaveBody,
  ParkingQuoteBody,
  tariffText,
  zOptionalText,
} from '@linli/shared';
import { and, eq, ilike, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call } from '../../core/calls';
import { crudCalls } from '../../core/crud-calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { likeText, optionalInt } from '../../core/filters';
import { assertCommunity, inScope } from '../../core/scope';
import { parseApiTime } from '../../core/time';
import { carPassRecords, communities, lanes, parkingLots, parkingSpaces, vehicles } from '../../db/schema';
import { passageFee, type Tariff } from './temp-fee';

const ROLE = 'cwcl_ccgl';

// 已录入/已售/已租/空闲, 在场 and 车道数, each one indexed count per row. The lot id is qualified by hand: drizzle
// leaves it bare in a single-table select, where "id" would name the sub-select's own row.
const LOT_ID = sql.raw('"parking_lots"."id"');
const spacesWhere = (status?: number) =>
  sql`(select count(*)::int from ${parkingSpaces} s where s.lot_id = ${LOT_ID}${status ? sql` and s.status = ${status}` : sql``})`;
const figures = {
  EnteredCount: sql<number>`${spacesWhere()}`,
  SoldCount: sql<number>`${spacesWhere(2)}`,
  RentedCount: sql<number>`${spacesWhere(3)}`,
  FreeCount: sql<number>`${spacesWhere(1)}`,
  InLotCount: sql<number>`(select count(*)::int from ${carPassRecords} r where r.lot_id = ${LOT_ID} and r.state = 1)`,
  LaneCount: sql<number>`(select count(*)::int from ${lanes} l where l.lot_id = ${LOT_ID})`,
};

const lotColumns = {
  Id: parkingLots.id,
  CommunityId: parkingLots.communityId,
  CommunityName: communities.name,
  Name: parkingLots.name,
  Code: parkingLots.code,
  LotType: parkingLots.lotType,
  SpaceCount: parkingLots.spaceCount,
  TempEnabled: parkingLots.tempEnabled,
  FreeMinutes: parkingLots.freeMinutes,
  FirstMinutes: parkingLots.firstMinutes,
  FirstMoney: parkingLots.firstMoney,
  UnitMinutes: parkingLots.unitMinutes,
  UnitMoney: parkingLots.unitMoney,
  DailyCapMoney: parkingLots.dailyCapMoney,
  ExpiredAsTemp: parkingLots.expiredAsTemp,
  Status: parkingLots.status,
};

/** A lot's tariff in the temp-fee function's terms. */
export const tariffOf = (l: {
  TempEnabled: boolean;
  FreeMinutes: number;
  FirstMinutes: number;
  FirstMoney: string;
  UnitMinutes: number;
  UnitMoney: string;
  DailyCapMoney: string;
}): Tariff => ({
  tempEnabled: l.TempEnabled,
  freeMinutes: l.FreeMinutes,
  firstMinutes: l.FirstMinutes,
  firstMoney: l.FirstMoney,
  unitMinutes: l.UnitMinutes,
  unitMoney: l.UnitMoney,
  dailyCapMoney: l.DailyCapMoney,
});

interface QuoteAnswer {
  FeeMoney: string;
  DurationMinutes: number;
  DurationText: string;
}

/** 车场管理 (cwcl_ccgl): lots with their tariffs, Options for pickers, Quote for 试算. */
export const lotCalls = [
  ...crudCalls({
    path: '/ParkingLot',
    role: ROLE,
    table: parkingLots,
    entity: 'parking-lot',
    scope: parkingLots.communityId,
    row: ParkingLotRow,
    select: (db) =>
      db
        .select({ ...lotColumns, ...figures })
        .from(parkingLots)
        .innerJoin(communities, eq(communities.id, parkingLots.communityId))
        .$dynamic(),
    view: (r) => ({
      ...r,
      LotTypeName: codeName(LOT_TYPES, r.LotType),
      StatusName: codeName(ENABLE_STATUS, r.Status),
      TariffText: tariffText(r),
    }),
    filter: { CommunityId: optionalInt(), Name: zOptionalText(30, '车场名称'), Status: optionalInt() },
    where: (f) => [
      f.CommunityId === undefined ? undefined : eq(parkingLots.communityId, f.CommunityId),
      f.Name ? ilike(parkingLots.name, likeText(f.Name)) : undefined,
      f.Status === undefined ? undefined : eq(parkingLots.status, f.Status),
    ],
    sort: { Name: parkingLots.name, SpaceCount: parkingLots.spaceCount, ...figures },
    save: {
      body: ParkingLotSaveBody,
      check: async (b, { tx, auth }) => {
        await assertCommunity(tx, auth, b.CommunityId);
        const [dup] = await tx
          .select({ id: parkingLots.id })
          .from(parkingLots)
          .where(
            and(
              eq(parkingLots.cmpId, auth.cmpId),
              eq(parkingLots.communityId, b.CommunityId),
              eq(parkingLots.name, b.Name),
              ne(parkingLots.id, b.Id),
            ),
          );
        if (dup) throw fieldError('Name', '该小区已存在同名车场');
        if (!b.Id) return;
        const [old] = await tx
          .select({ communityId: parkingLots.communityId, entered: figures.EnteredCount })
          .from(parkingLots)
          .where(and(eq(parkingLots.id, b.Id), eq(parkingLots.cmpId, auth.cmpId)));
        if (!old) throw notFound();
        if (b.SpaceCount < old.entered) throw fieldError('SpaceCount', `车位总数不能小于已录入车位数 ${old.entered}`);
        if (old.communityId !== b.CommunityId && old.entered > 0)
          throw fieldError('CommunityId', '该车场下存在车位，不能更换小区');
      },
      values: (b) => ({
        communityId: b.CommunityId,
        name: b.Name,
        code: b.Code ?? '',
        lotType: b.LotType,
        spaceCount: b.SpaceCount,
        tempEnabled: b.TempEnabled,
        freeMinutes: b.FreeMinutes,
        firstMinutes: b.FirstMinutes,
        firstMoney: b.FirstMoney,
        unitMinutes: b.UnitMinutes,
        unitMoney: b.UnitMoney,
        dailyCapMoney: b.DailyCapMoney,
        expiredAsTemp: b.ExpiredAsTemp,
        status: b.Status,
      }),
      detail: (b) => ({ Name: b.Name, SpaceCount: b.SpaceCount, Tariff: tariffText(b) }),
    },
    del: {
      before: async (id, { tx, auth }) => {
        const has = async (table: typeof parkingSpaces | typeof lanes | typeof vehicles | typeof carPassRecords) => {
          const [r] = await tx
            .select({ one: sql`1` })
            .from(table)
            .where(and(eq(table.cmpId, auth.cmpId), eq(table.lotId, id)))
            .limit(1);
          return !!r;
        };
        if (await has(parkingSpaces)) throw fail('该车场下存在车位，不能删除');
        if (await has(lanes)) throw fail('该车场下存在车道，不能删除');
        if (await has(vehicles)) throw fail('该车场下存在车辆，不能删除');
        if (await has(carPassRecords)) throw fail('该车场已有车行记录，不能删除');
      },
    },
    export: {
      title: '车场列表',
      columns: [
        { header: '小区', value: (r) => r.CommunityName },
        { header: '名称', value: (r) => r.Name },
        { header: '类型', value: (r) => r.LotTypeName },
        { header: '车位总数', value: (r) => r.SpaceCount },
        { header: '已录入', value: (r) => r.EnteredCount },
        { header: '已售', value: (r) => r.SoldCount },
        { header: '已租', value: (r) => r.RentedCount },
        { header: '空闲', value: (r) => r.FreeCount },
        { header: '在场车辆', value: (r) => r.InLotCount },
        { header: '车道数', value: (r) => r.LaneCount },
        { header: '状态', value: (r) => r.StatusName },
        { header: '临停标准', width: 50, value: (r) => r.TariffText },
      ],
    },
  }),
  call({
    path: '/ParkingLot/Options',
    reads: true,
    body: z.object({ CommunityId: optionalInt() }),
    handler: async (b, { deps, auth }) =>
      deps.database.db
        .select({
          Id: parkingLots.id,
          Name: parkingLots.name,
          CommunityId: parkingLots.communityId,
          CommunityName: communities.name,
          SpaceCount: parkingLots.spaceCount,
        })
        .from(parkingLots)
        .innerJoin(communities, eq(communities.id, parkingLots.communityId))
        .where(
          and(
            eq(parkingLots.cmpId, auth.cmpId),
            inScope(auth, parkingLots.communityId),
            b.CommunityId === undefined ? undefined : eq(parkingLots.communityId, b.CommunityId),
          ),
        )
        .orderBy(parkingLots.communityId, parkingLots.id),
  }),
  call({
    path: '/ParkingLot/Quote',
    role: ROLE,
    reads: true,
    body: ParkingQuoteBody,
    handler: async (b, { deps, auth }): Promise<QuoteAnswer> => {
      const inTime = parseApiTime(b.InTime, auth.timeZone);
      const outTime = parseApiTime(b.OutTime, auth.timeZone);
      if (!inTime) throw fieldError('InTime', '入场时间格式不正确');
      if (!outTime) throw fieldError('OutTime', '出场时间格式不正确');
      if (outTime < inTime) throw fieldError('OutTime', '出场时间不能早于入场时间');
      let base = {
        TempEnabled: true,
        FreeMinutes: 0,
        FirstMinutes: 60,
        FirstMoney: '0.00',
        UnitMinutes: 60,
        UnitMoney: '0.00',
        DailyCapMoney: '0.00',
      };
      if (b.LotId) {
        const [lot] = await deps.database.db
          .select(lotColumns)
          .from(parkingLots)
          .innerJoin(communities, eq(communities.id, parkingLots.communityId))
          .where(
            and(eq(parkingLots.id, b.LotId), eq(parkingLots.cmpId, auth.cmpId), inScope(auth, parkingLots.communityId)),
          );
        if (!lot) throw notFound();
        base = lot;
      }
      const defined = Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined));
      // A lot with 临停收费 off lets temp cars park free: 试算 answers 0.00, as Verify and the passage record do.
      const t = { ...base, ...defined };
      const fee = passageFee(tariffOf(t), 3, inTime, outTime);
      return {
        FeeMoney: fee.FeeMoney,
        DurationMinutes: fee.DurationMinutes,
        DurationText: durationText(fee.DurationMinutes),
      };
    },
  }),
];
