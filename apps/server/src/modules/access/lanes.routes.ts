import {
  CAR_LANE_RULE_DEFAULTS,
  codeName,
  DEVICE_TASK_STATES,
  ENABLE_STATUS,
  EVENT_TYPE_NAMES,
  LANE_DIRECTIONS,
  LANE_KINDS,
  LaneRemoteOpenBody,
  LaneSaveBody,
  WALK_LANE_RULE_DEFAULTS,
  zId,
  zOptionalText,
} from '@linli/shared';
import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { call, saveBtn } from '../../core/calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { xlsxExport } from '../../core/excel';
import { likeText, optionalInt } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { pagingFields } from '../../core/paging';
import { assertCommunity, inScope } from '../../core/scope';
import { sortFields, sortOf } from '../../core/sorting';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import { newToken, sha256 } from '../../core/tokens';
import type { Tx } from '../../db/client';
import { buildings, buildingUnits, communities, lanes, parkingLots } from '../../db/schema';
import { laneOnline } from './lane-online';

const ROLE = 'txgl_cdgl';
const IdBody = z.object({ Id: zId() });
const filter = {
  CommunityId: optionalInt(),
  LotId: optionalInt(),
  Keyword: zOptionalText(50, '名称/序列号'),
  Kind: optionalInt(),
  Status: optionalInt(),
};
const Filters = z.object({ ...pagingFields, ...sortFields, ...filter });
type Filters = z.infer<typeof Filters>;

const whereOf = (auth: Auth, f: Partial<Filters>): SQL | undefined =>
  and(
    eq(lanes.cmpId, auth.cmpId),
    inScope(auth, lanes.communityId),
    f.CommunityId ? eq(lanes.communityId, f.CommunityId) : undefined,
    f.LotId ? eq(lanes.lotId, f.LotId) : undefined,
    f.Keyword ? or(ilike(lanes.name, likeText(f.Keyword)), ilike(lanes.deviceSn, likeText(f.Keyword))) : undefined,
    f.Kind ? eq(lanes.kind, f.Kind) : undefined,
    f.Status === undefined ? undefined : eq(lanes.status, f.Status),
  );

const select = (db: Tx) =>
  db
    .select({
      Id: lanes.id,
      CommunityId: lanes.communityId,
      CommunityName: communities.name,
      LotId: lanes.lotId,
      LotName: sql<string>`coalesce(${parkingLots.name}, '')`,
      Name: lanes.name,
      Kind: lanes.kind,
      Direction: lanes.direction,
      DeviceSn: lanes.deviceSn,
      Brand: lanes.brand,
      HasFace: lanes.hasFace,
      BuildingId: lanes.buildingId,
      BuildingName: sql<string>`coalesce(${buildings.name}, '')`,
      UnitId: lanes.unitId,
      UnitName: sql<string>`coalesce(${buildingUnits.name}, '')`,
      Rules: lanes.rules,
      Firmware: lanes.firmware,
      Ip: lanes.ip,
      LastSeen: lanes.lastSeenTime,
      KeyIssued: lanes.keyTime,
      Status: lanes.status,
    })
    .from(lanes)
    .innerJoin(communities, eq(communities.id, lanes.communityId))
    .leftJoin(parkingLots, eq(parkingLots.id, lanes.lotId))
    .leftJoin(buildings, eq(buildings.id, lanes.buildingId))
    .leftJoin(buildingUnits, eq(buildingUnits.id, lanes.unitId))
    .$dynamic();
type Raw = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/** 车行 rules and 人行 rules as words, for the list's 规则 column. */
function rulesText(kind: number, r: Record<string, unknown>): string {
  if (kind === 1) {
    const parts = [
      `月租/产权${r.AutoOpenMonthly ? '自动开闸' : '需确认'}`,
      `临时车${['', '允许', '禁止', '岗亭确认'][Number(r.TempCar)] ?? ''}`,
      `过期月卡${Number(r.ExpiredCard) === 2 ? '禁止' : '按临停'}`,
    ];
    if (r.FullDenyTemp) parts.push('车位满禁止临时车');
    return parts.join('，');
  }
  const ways = [r.AllowCard && '刷卡', r.AllowFace && '人脸', r.AllowQr && '二维码'].filter(Boolean);
  return ways.length ? `允许${ways.join('/')}` : '不允许通行';
}

const rulesOf = (kind: number, stored: Record<string, unknown>) => {
  if (kind === 1) {
    const { AutoOpenMonthly, AutoOpenFree, TempCar, ExpiredCard, FullDenyTemp } = {
      ...CAR_LANE_RULE_DEFAULTS,
      ...stored,
    };
    return { AutoOpenMonthly, AutoOpenFree, TempCar, ExpiredCard, FullDenyTemp };
  }
  const { AllowCard, AllowFace, AllowQr } = { ...WALK_LANE_RULE_DEFAULTS, ...stored };
  return { AllowCard, AllowFace, AllowQr };
};

const view = (r: Raw, now: Date, tz: string) => {
  const { LastSeen, KeyIssued, ...rest } = r;
  const rules = rulesOf(r.Kind, r.Rules ?? {});
  return {
    ...rest,
    Rules: rules,
    RulesText: rulesText(r.Kind, rules),
    KindName: codeName(LANE_KINDS, r.Kind),
    DirectionName: codeName(LANE_DIRECTIONS, r.Direction),
    StatusName: codeName(ENABLE_STATUS, r.Status),
    ...laneOnline(LastSeen, now),
    LastSeenTime: fmtTime(LastSeen, tz),
    KeyTime: fmtTime(KeyIssued, tz),
  };
};
export type LaneView = ReturnType<typeof view>;

async function laneOf(db: Tx, auth: Auth, id: number): Promise<Raw> {
  const [r] = await select(db).where(and(eq(lanes.id, id), whereOf(auth, {})));
  if (!r) throw notFound();
  return r;
}

/** Grants a unit door to the live cards holding a room of the unit; their devices get a CardAdd task. */
async function grantUnitCards(tx: Tx, cmpId: number, laneId: number, unitId: number) {
  const added = await sqlRows<{ card_id: number; status: number }>(
    tx,
    sql`insert into access_card_lanes (cmp_id, card_id, lane_id)
      select distinct ${cmpId}::int, c.id, ${laneId}::int from access_cards c
        join access_card_rooms cr on cr.card_id = c.id join rooms r on r.id = cr.room_id
      where c.cmp_id = ${cmpId} and c.status <> 3 and r.unit_id = ${unitId}
      on conflict (card_id, lane_id) do nothing
      returning card_id, (select status from access_cards where id = card_id) as status`,
  );
  const live = added.filter((a) => Number(a.status) === 1).map((a) => Number(a.card_id));
  if (live.length)
    await tx.execute(sql`insert into device_tasks (cmp_id, lane_id, op, ref_id, state)
      select ${cmpId}::int, ${laneId}::int, 'CardAdd', unnest(${`{${live.join(',')}}`}::int[]), 0`);
}

/** A new device key: 32 random bytes, base64url (43 characters); only its SHA-256 is stored. */
const issueKey = () => {
  const key = newToken();
  return { key, hash: sha256(key) };
};

async function checkSave(tx: Tx, auth: Auth, b: z.infer<typeof LaneSaveBody>) {
  await assertCommunity(tx, auth, b.CommunityId);
  const [sameName] = await tx
    .select({ id: lanes.id })
    .from(lanes)
    .where(
      and(
        eq(lanes.cmpId, auth.cmpId),
        eq(lanes.communityId, b.CommunityId),
        eq(lanes.name, b.Name),
        ne(lanes.id, b.Id),
      ),
    );
  if (sameName) throw fieldError('Name', '该小区已存在同名车道');
  const [sameSn] = await tx
    .select({ name: lanes.name })
    .from(lanes)
    .where(and(eq(lanes.cmpId, auth.cmpId), eq(lanes.deviceSn, b.DeviceSn), ne(lanes.id, b.Id)));
  if (sameSn) throw fieldError('DeviceSn', `设备序列号已被 ${sameSn.name} 使用`);
  if (b.Kind === 1) {
    const [lot] = await tx
      .select({ id: parkingLots.id })
      .from(parkingLots)
      .where(
        and(
          eq(parkingLots.id, b.LotId!),
          eq(parkingLots.cmpId, auth.cmpId),
          eq(parkingLots.communityId, b.CommunityId),
        ),
      );
    if (!lot) throw fieldError('LotId', '车场不存在');
  }
  if (b.Kind === 2 && b.UnitId) {
    const [u] = await tx
      .select({ buildingId: buildingUnits.buildingId })
      .from(buildingUnits)
      .where(
        and(
          eq(buildingUnits.id, b.UnitId),
          eq(buildingUnits.cmpId, auth.cmpId),
          eq(buildingUnits.communityId, b.CommunityId),
        ),
      );
    if (!u) throw fieldError('UnitId', '单元不存在');
    return u.buildingId;
  }
  if (b.Kind === 2 && b.BuildingId) {
    const [bl] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(
        and(eq(buildings.id, b.BuildingId), eq(buildings.cmpId, auth.cmpId), eq(buildings.communityId, b.CommunityId)),
      );
    if (!bl) throw fieldError('BuildingId', '楼宇不存在');
    return bl.id;
  }
  return null;
}

/** 车道管理 (txgl_cdgl): lanes, their device keys, 远程开闸 and what each device did lately. */
export const laneCalls = [
  call({
    path: '/Lane/List',
    role: ROLE,
    reads: true,
    body: Filters,
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = whereOf(auth, f);
      const now = deps.now();
      return listWithCount(db, f, {
        table: lanes,
        where,
        rows: async (p) =>
          (
            await select(db)
              .where(where)
              .orderBy(...sortOf(f, { Name: lanes.name, DeviceSn: lanes.deviceSn }, [lanes.communityId, lanes.id]))
              .limit(p.limit)
              .offset(p.offset)
          ).map((r) => view(r, now, auth.timeZone)),
      });
    },
  }),
  call({
    path: '/Lane/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: async (b, { deps, auth }) => view(await laneOf(deps.database.db, auth, b.Id), deps.now(), auth.timeZone),
  }),
  call({
    // The lanes a card may be granted, grouped by community in the form's tree; every signed-in user may pick.
    path: '/Lane/Options',
    reads: true,
    body: z.object({ CommunityId: optionalInt() }),
    handler: async (f, { deps, auth }) => {
      const rows = await deps.database.db
        .select({
          Id: lanes.id,
          Name: lanes.name,
          Kind: lanes.kind,
          CommunityId: lanes.communityId,
          CommunityName: communities.name,
          BuildingId: lanes.buildingId,
          UnitId: lanes.unitId,
        })
        .from(lanes)
        .innerJoin(communities, eq(communities.id, lanes.communityId))
        .where(and(whereOf(auth, { CommunityId: f.CommunityId }), eq(lanes.status, 1)))
        .orderBy(asc(lanes.communityId), asc(lanes.id));
      return rows;
    },
  }),
  call({
    path: '/Lane/Save',
    role: ROLE,
    btn: saveBtn,
    body: LaneSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      if (b.Id) await laneOf(db, auth, b.Id);
      return db.transaction(async (tx) => {
        const buildingId = await checkSave(tx, auth, b);
        const now = deps.now();
        const values = {
          communityId: b.CommunityId,
          kind: b.Kind,
          lotId: b.Kind === 1 ? b.LotId! : null,
          name: b.Name,
          direction: b.Direction,
          deviceSn: b.DeviceSn,
          brand: b.Brand,
          hasFace: b.HasFace,
          buildingId: b.Kind === 2 ? buildingId : null,
          unitId: b.Kind === 2 ? (b.UnitId ?? null) : null,
          rules: rulesOf(b.Kind, b.Rules),
          status: b.Status,
          updatedAt: now,
        };
        let id = b.Id;
        let key: string | undefined;
        if (id) {
          await tx
            .update(lanes)
            .set(values)
            .where(and(eq(lanes.id, id), eq(lanes.cmpId, auth.cmpId)));
        } else {
          const k = issueKey();
          key = k.key;
          const [row] = await tx
            .insert(lanes)
            .values({
              ...values,
              cmpId: auth.cmpId,
              deviceKeyHash: k.hash,
              keyTime: now,
              online: false,
              createdAt: now,
              createdBy: auth.userId,
            })
            .returning({ id: lanes.id });
          id = row!.id;
        }
        // A unit door opens for the cards of that unit's rooms, without anyone ticking it card by card.
        if (values.unitId) await grantUnitCards(tx, auth.cmpId, id, values.unitId);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: b.Id ? 'lane.edit' : 'lane.add',
            entity: 'lane',
            entityId: id,
            detail: { Name: b.Name, DeviceSn: b.DeviceSn },
            ip,
          },
          now,
        );
        return key ? { Id: id, DeviceKey: key } : { Id: id };
      });
    },
  }),
  call({
    path: '/Lane/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const lane = await laneOf(db, auth, b.Id);
      await db.transaction(async (tx) => {
        const [used] = await sqlRows<{ one: number }>(
          tx,
          sql`select 1 as one where exists (select 1 from card_pass_records where lane_id = ${b.Id} and cmp_id = ${auth.cmpId})
            or exists (select 1 from car_pass_records where (in_lane_id = ${b.Id} or out_lane_id = ${b.Id}) and cmp_id = ${auth.cmpId})
            or exists (select 1 from device_events where lane_id = ${b.Id} and cmp_id = ${auth.cmpId})`,
        );
        if (used) throw fail('该车道已有通行记录，只能停用');
        for (const table of ['access_card_lanes', 'device_tasks', 'lane_rate_windows', 'face_syncs'])
          await tx.execute(
            sql`delete from ${sql.identifier(table)} where lane_id = ${b.Id} and cmp_id = ${auth.cmpId}`,
          );
        await tx.delete(lanes).where(and(eq(lanes.id, b.Id), eq(lanes.cmpId, auth.cmpId)));
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'lane.del',
            entity: 'lane',
            entityId: b.Id,
            detail: { Name: lane.Name },
            ip,
          },
          deps.now(),
        );
      });
      return null;
    },
  }),
  call({
    path: '/Lane/ResetKey',
    role: ROLE,
    btn: 'resetkey',
    body: IdBody,
    okMsg: '密钥已重置',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const lane = await laneOf(db, auth, b.Id);
      const k = issueKey();
      const now = deps.now();
      await db.transaction(async (tx) => {
        await tx
          .update(lanes)
          .set({ deviceKeyHash: k.hash, keyTime: now, updatedAt: now })
          .where(and(eq(lanes.id, b.Id), eq(lanes.cmpId, auth.cmpId)));
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'lane.resetkey',
            entity: 'lane',
            entityId: b.Id,
            detail: { Name: lane.Name },
            ip,
          },
          now,
        );
      });
      return { DeviceKey: k.key };
    },
  }),
  call({
    path: '/Lane/RemoteOpen',
    role: ROLE,
    btn: 'open',
    body: LaneRemoteOpenBody,
    okMsg: '已远程开闸',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const lane = await laneOf(db, auth, b.Id);
      if (lane.Status !== 1) throw fail('通道已停用');
      const now = deps.now();
      return db.transaction(async (tx) => {
        const [row] = await sqlRows<{ id: number }>(
          tx,
          sql`insert into card_pass_records (cmp_id, community_id, lane_id, direction, method, person_name, result, remark, occur_time)
            values (${auth.cmpId}, ${lane.CommunityId}, ${lane.Id}, ${lane.Direction}, 4, ${auth.name.slice(0, 30)}, 1,
              ${b.Reason}, ${now})
            returning id`,
        );
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'lane.open',
            entity: 'lane',
            entityId: lane.Id,
            detail: { Name: lane.Name, Reason: b.Reason },
            ip,
          },
          now,
        );
        return { RecordId: Number(row!.id) };
      });
    },
  }),
  call({
    path: '/Lane/Events',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const lane = await laneOf(db, auth, b.Id);
      const [events, tasks] = await Promise.all([
        sqlRows<{
          id: number;
          event_id: string;
          event_type: string;
          occur_time: Date;
          received_time: Date;
          record_id: number | null;
          payload: Record<string, unknown>;
        }>(
          db,
          sql`select id, event_id, event_type, occur_time, received_time, record_id, payload from device_events
            where lane_id = ${b.Id} and cmp_id = ${auth.cmpId} order by occur_time desc, id desc limit 50`,
        ),
        sqlRows<{
          id: number;
          op: string;
          ref_id: number;
          state: number;
          created_at: Date;
          sent_time: Date | null;
          card_no: string | null;
        }>(
          db,
          sql`select t.id, t.op, t.ref_id, t.state, t.created_at, t.sent_time, c.card_no from device_tasks t
            left join access_cards c on c.id = t.ref_id and c.cmp_id = t.cmp_id
            where t.lane_id = ${b.Id} and t.cmp_id = ${auth.cmpId} and t.state in (0, 1) order by t.id limit 200`,
        ),
      ]);
      const tz = auth.timeZone;
      return {
        KeyTime: fmtTime(lane.KeyIssued, tz),
        Events: events.map((e) => ({
          Id: Number(e.id),
          EventId: e.event_id,
          EventType: e.event_type,
          EventTypeName: EVENT_TYPE_NAMES[e.event_type as keyof typeof EVENT_TYPE_NAMES] ?? e.event_type,
          OccurTime: fmtTime(e.occur_time, tz),
          ReceivedTime: fmtTime(e.received_time, tz),
          RecordId: e.record_id === null ? null : Number(e.record_id),
          Plate: String(e.payload?.Plate ?? ''),
          CardNo: String(e.payload?.CardNo ?? ''),
        })),
        Tasks: tasks.map((t) => ({
          TaskId: Number(t.id),
          Op: t.op,
          CardNo: t.card_no ?? '',
          State: Number(t.state),
          StateName: codeName(DEVICE_TASK_STATES, Number(t.state)),
          CreateTime: fmtTime(t.created_at, tz),
          SentTime: fmtTime(t.sent_time, tz),
        })),
      };
    },
  }),
  call({
    path: '/Lane/Export',
    role: ROLE,
    btn: 'export',
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const now = deps.now();
      const rows = (
        await select(deps.database.db).where(whereOf(auth, f)).orderBy(lanes.communityId, lanes.id).limit(5000)
      ).map((r) => view(r, now, auth.timeZone));
      return xlsxExport(
        '车道列表',
        [
          { header: '小区', value: (r: LaneView) => r.CommunityName },
          { header: '车场', value: (r: LaneView) => r.LotName },
          { header: '名称', value: (r: LaneView) => r.Name },
          { header: '类型', value: (r: LaneView) => r.KindName },
          { header: '方向', value: (r: LaneView) => r.DirectionName },
          { header: '设备序列号', width: 18, value: (r: LaneView) => r.DeviceSn },
          { header: '品牌', value: (r: LaneView) => r.Brand },
          { header: '在线', value: (r: LaneView) => r.OnlineName },
          { header: '人脸', value: (r: LaneView) => (r.HasFace ? '是' : '否') },
          { header: '规则', width: 30, value: (r: LaneView) => r.RulesText },
          { header: '状态', value: (r: LaneView) => r.StatusName },
        ],
        rows,
      );
    },
  }),
];
