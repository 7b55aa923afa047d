import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { accessCards, carPassRecords, cardPassRecords, lanes, sysMessages } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { lotId } from '../parking/test-helpers';
import { deviceOf, laneBySn, type PushAnswer, shanghai } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

const lane = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  CommunityId: sunny,
  Kind: 2,
  Name: '西门人行',
  Direction: 3,
  DeviceSn: 'HK-TEST-0100',
  Brand: '海康',
  Rules: JSON.stringify({ AllowCard: true, AllowFace: false }),
  ...over,
});
const at = (minutesAgo: number) => shanghai(new Date(t.deps.now().getTime() - minutesAgo * 60_000));

describe('车道管理 (txgl_cdgl)', () => {
  it('lists the seven demo lanes with 在线/离线 and their rules, never a key or its hash', async () => {
    const r = await t.api<Record<string, unknown>[]>('/Lane/List', { CommunityId: sunny }, admin);
    expect(r.count).toBe(7);
    const unit2 = r.data.find((l) => l.Name === '1栋2单元门')!;
    expect(unit2).toMatchObject({ Online: false, KindName: '人行', UnitName: expect.any(String) });
    expect(String(unit2.OnlineName)).toMatch(/^离线 /);
    const east = r.data.find((l) => l.Name === '东门入口')!;
    expect(east).toMatchObject({ Online: true, OnlineName: '在线', LotName: '地上停车场', DirectionName: '入口' });
    expect(String(east.RulesText)).toContain('临时车允许');
    expect(JSON.stringify(r.data)).not.toMatch(/DeviceKeyHash|device_key_hash/);
  });

  it('creates a lane with a 43-character key shown once that signs the device in; ResetKey kills the old key at once', async () => {
    const s = await t.api<{ Id: number; DeviceKey: string }>('/Lane/Save', lane(), admin);
    expect(s).toMatchObject({ ret: 0 });
    expect(s.data.DeviceKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await deviceOf(t, 'HK-TEST-0100', s.data.DeviceKey)('Heartbeat')).ret).toBe(0);
    const edit = await t.api<Record<string, unknown>>('/Lane/Save', lane({ Id: s.data.Id, Name: '西门人行2' }), admin);
    expect(edit.data).not.toHaveProperty('DeviceKey');
    const reset = await t.api<{ DeviceKey: string }>('/Lane/ResetKey', { Id: s.data.Id }, admin);
    expect(reset.data.DeviceKey).not.toBe(s.data.DeviceKey);
    expect(await deviceOf(t, 'HK-TEST-0100', s.data.DeviceKey)('Heartbeat')).toMatchObject({
      ret: 401,
      msg: '设备认证失败',
    });
    expect((await deviceOf(t, 'HK-TEST-0100', reset.data.DeviceKey)('Heartbeat')).ret).toBe(0);
    const got = await t.api<Record<string, unknown>>('/Lane/Get', { Id: s.data.Id }, admin);
    expect(got.data).toMatchObject({ Name: '西门人行2', Rules: { AllowCard: true, AllowFace: false, AllowQr: true } });
  });

  it('refuses a taken SN and name, a 车行 lane without a lot, and deleting a lane that has records', async () => {
    expect(await t.api('/Lane/Save', lane({ DeviceSn: 'HK-CAR-0001', Name: '新门' }), admin)).toMatchObject({
      ret: 400,
      msg: '设备序列号已被 东门入口 使用',
    });
    expect(await t.api('/Lane/Save', lane({ Name: '东门入口', DeviceSn: 'HK-TEST-0101' }), admin)).toMatchObject({
      ret: 400,
      msg: '该小区已存在同名车道',
    });
    expect(await t.api('/Lane/Save', lane({ Kind: 1, DeviceSn: 'HK-TEST-0102', Name: '北门' }), admin)).toMatchObject({
      ret: 400,
      msg: '车行车道必须选择车场',
    });
    const south = await laneBySn(t, 'HK-FACE-0005');
    expect(await t.api('/Lane/Delete', { Id: south.id }, admin)).toMatchObject({
      ret: 400,
      msg: '该车道已有通行记录，只能停用',
    });
    const fresh = await t.api<{ Id: number }>('/Lane/Save', lane({ DeviceSn: 'HK-TEST-0103', Name: '临时门' }), admin);
    expect(await t.api('/Lane/Delete', { Id: fresh.data.Id }, admin)).toMatchObject({ ret: 0 });
  });

  it('a new unit door is granted to the cards of that unit’s rooms, each with a CardAdd task', async () => {
    const door = await laneBySn(t, 'HK-FACE-0006');
    const s = await t.api<{ Id: number }>(
      '/Lane/Save',
      lane({ DeviceSn: 'HK-TEST-0105', Name: '1栋1单元后门', BuildingId: door.buildingId, UnitId: door.unitId }),
      admin,
    );
    expect(s.ret).toBe(0);
    const [want] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(distinct c.id)::int as n from access_cards c join access_card_rooms cr on cr.card_id = c.id
        join rooms r on r.id = cr.room_id where c.status <> 3 and r.unit_id = ${door.unitId}`,
    );
    const [got] = await sqlRows<{ n: number; tasks: number }>(
      t.db,
      sql`select count(*)::int as n, (select count(*)::int from device_tasks where lane_id = ${s.data.Id}) as tasks
        from access_card_lanes where lane_id = ${s.data.Id}`,
    );
    expect(want!.n).toBeGreaterThan(0);
    expect(got!.n).toBe(want!.n);
    expect(got!.tasks).toBeGreaterThan(0);
  });

  it('RemoteOpen writes a 远程 record with the reason; Events shows the device events and pending tasks', async () => {
    const east = await laneBySn(t, 'HK-FACE-0005');
    const r = await t.api<{ RecordId: number }>('/Lane/RemoteOpen', { Id: east.id, Reason: '访客忘带卡' }, admin);
    expect(r).toMatchObject({ ret: 0 });
    const [rec] = await t.db.select().from(cardPassRecords).where(eq(cardPassRecords.id, r.data.RecordId));
    expect(rec).toMatchObject({ method: 4, result: 1, remark: '访客忘带卡' });
    expect(await t.api('/Lane/RemoteOpen', { Id: east.id }, admin)).toMatchObject({ ret: 400, msg: '请输入开闸原因' });
    await deviceOf(t, 'HK-FACE-0005')('PushEvents', {
      Events: [{ EventId: 'ev-1', EventType: 'FaceOpen', OccurTime: at(1), ResidentId: 1 }],
    });
    const ev = await t.api<{ Events: { EventTypeName: string }[]; KeyTime: string }>(
      '/Lane/Events',
      { Id: east.id },
      admin,
    );
    expect(ev.data.Events[0]).toMatchObject({ EventTypeName: '人脸' });
  });

  it('answers 403 to a position without the buttons and hides another company’s lanes', async () => {
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'txgl_cdgl', Btn: '' }]);
    const south = await laneBySn(t, 'HK-FACE-0005');
    for (const [path, body] of [
      ['/Lane/ResetKey', { Id: south.id }],
      ['/Lane/RemoteOpen', { Id: south.id, Reason: 'x' }],
      ['/Lane/Save', lane({ DeviceSn: 'HK-TEST-0104' })],
      ['/Lane/Delete', { Id: south.id }],
    ] as const)
      expect(await t.api(path, body, clerk), path).toMatchObject({ ret: 403 });
    expect((await t.api('/Lane/List', {}, clerk)).count).toBeGreaterThan(0);
  });
});

describe('车行记录 and 刷卡记录', () => {
  it('lists 30 days of demo car records by default, refuses over 93 days, and answers today’s Summary', async () => {
    const r = await t.api<Record<string, unknown>[]>('/CarRecord/List', {}, admin);
    expect(r.count).toBeGreaterThan(2500);
    const [open] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from car_pass_records where state = 1`,
    );
    const n = open!.n;
    expect((await t.api('/CarRecord/List', { State: 1 }, admin)).count).toBe(n);
    expect(await t.api('/CarRecord/List', { DateFrom: '2026-01-01', DateTo: '2026-06-01' }, admin)).toMatchObject({
      ret: 400,
      msg: '查询时间范围不能超过93天',
    });
    expect(await t.api('/CarRecord/List', { DateFrom: '2026-06-01', DateTo: '2026-05-01' }, admin)).toMatchObject({
      ret: 400,
      msg: '结束时间不能早于开始时间',
    });
    const fee = await t.api<{ FeeMoney: string }[]>('/CarRecord/List', { FeeOnly: 1, PgSize: 50 }, admin);
    expect(fee.data.every((x) => Number(x.FeeMoney) > 0)).toBe(true);
    const s = await t.api<Record<string, unknown>>('/CarRecord/Summary', {}, admin);
    expect(s.data).toMatchObject({ InLot: n, TodayTempMoney: expect.stringMatching(/^\d+\.\d{2}$/) });
    const cards = await t.api(
      '/CardRecord/List',
      { DateFrom: shanghai(new Date(t.deps.now().getTime() - 29 * 86400_000)).slice(0, 10) },
      admin,
    );
    // ≈15,000 demo card/face records: the list counts up to its cap (LIST_COUNT_CAP) and says there are more.
    expect(cards.count).toBeGreaterThanOrEqual(10000);
    expect((await t.api('/CardRecord/List', {}, admin)).ret).toBe(0);
  });

  it('手动出场 charges by the one temp fee and needs a reason; 修正车牌 keeps the old plate and re-links the vehicle', async () => {
    t.freeze();
    // On a whole second, as the devices' times are: the stay is then exactly 150 minutes.
    t.advance(1000 - (t.deps.now().getTime() % 1000));
    const east = deviceOf(t, 'HK-CAR-0001');
    const inn = await east<PushAnswer>('PushEvents', {
      Events: [{ EventId: 'mo-1', EventType: 'CarIn', OccurTime: at(150), Plate: '粤B3M777' }],
    });
    const id = inn.data.Results[0]!.RecordId!;
    expect(await t.api('/CarRecord/ManualOut', { Id: id, PaidMoney: '9', PayMethod: 1 }, admin)).toMatchObject({
      ret: 400,
      msg: '请输入手动出场原因',
    });
    const got = await t.api<{ CurrentFeeMoney: string }>('/CarRecord/Get', { Id: id }, admin);
    expect(got.data.CurrentFeeMoney).toBe('9.00');
    const out = await t.api(
      '/CarRecord/ManualOut',
      { Id: id, PaidMoney: '9', PayMethod: 1, Reason: '道闸故障' },
      admin,
    );
    expect(out).toMatchObject({ ret: 0, data: { FeeMoney: '9.00', DurationMinutes: 150 } });
    expect(await t.api('/CarRecord/ManualOut', { Id: id, PaidMoney: '0', Reason: 'x' }, admin)).toMatchObject({
      ret: 400,
      msg: '只有在场记录可以手动出场',
    });
    const [v] = await sqlRows<{ plate: string; id: number }>(
      t.db,
      sql`select plate, id from vehicles where vehicle_type = 2 and lot_id = ${await lotId(t, '地上停车场')} limit 1`,
    );
    expect(await t.api('/CarRecord/FixPlate', { Id: id, Plate: v!.plate, Reason: '识别错误' }, admin)).toMatchObject({
      ret: 0,
    });
    const [rec] = await t.db.select().from(carPassRecords).where(eq(carPassRecords.id, id));
    expect(rec).toMatchObject({
      plate: v!.plate,
      origPlate: '粤B3M777',
      vehicleId: v!.id,
      vehicleType: 2,
      feeMoney: '0.00',
    });
    expect(await t.api('/CarRecord/FixPlate', { Id: id, Plate: '粤B1234', Reason: 'x' }, admin)).toMatchObject({
      ret: 400,
      msg: '请输入正确的车牌号',
    });
    // A free exit tenders nothing: 支付方式 无 even when the dialog sent its default 现金.
    const free = await east<PushAnswer>('PushEvents', {
      Events: [{ EventId: 'mo-2', EventType: 'CarIn', OccurTime: at(10), Plate: v!.plate }],
    });
    const freeId = free.data.Results[0]!.RecordId!;
    const gone = await t.api(
      '/CarRecord/ManualOut',
      { Id: freeId, PaidMoney: '0', PayMethod: 1, Reason: '道闸故障' },
      admin,
    );
    expect(gone.ret).toBe(0);
    const [after] = await t.db.select().from(carPassRecords).where(eq(carPassRecords.id, freeId));
    expect(after).toMatchObject({ state: 2, paidMoney: '0.00', payMethod: 0 });
  });
});

describe('jobs and resident events', () => {
  it('lane.sweep marks a silent lane 离线 and sends MsgType 16 once per outage (acceptance 10)', async () => {
    t.freeze();
    const east = await laneBySn(t, 'HK-CAR-0001');
    await deviceOf(t, 'HK-CAR-0001')('Heartbeat');
    const offline = () =>
      t.db
        .select()
        .from(sysMessages)
        .where(and(eq(sysMessages.msgType, 16), eq(sysMessages.title, '设备离线：东门入口')));
    const before = (await offline()).length;
    t.advance(181_000);
    expect(await t.api('/Job/Run', { Name: 'lane.sweep' }, admin)).toMatchObject({ ret: 0 });
    const after = (await offline()).length;
    expect(after).toBeGreaterThan(before);
    expect((await t.db.select().from(lanes).where(eq(lanes.id, east.id)))[0]!.online).toBe(false);
    const list = await t.api<{ Name: string; OnlineName: string }[]>('/Lane/List', { Keyword: 'HK-CAR-0001' }, admin);
    expect(list.data[0]!.OnlineName).toBe('离线 3分钟');
    t.advance(60_000);
    await t.api('/Job/Run', { Name: 'lane.sweep' }, admin);
    expect((await offline()).length).toBe(after);
    await deviceOf(t, 'HK-CAR-0001')('Heartbeat');
    expect(
      (await t.api<{ OnlineName: string }[]>('/Lane/List', { Keyword: 'HK-CAR-0001' }, admin)).data[0]!.OnlineName,
    ).toBe('在线');
  });

  it('parking.cleanup marks 在场 records older than 30 days 超长停放 and fails tasks unacknowledged for 24 h', async () => {
    const [old] = await sqlRows<{ id: number }>(
      t.db,
      sql`insert into car_pass_records (cmp_id, community_id, lot_id, plate, in_time, state, rec_time)
        values (1, ${sunny}, ${await lotId(t, '地下车库')}, '粤B0LD01', now() - interval '31 days', 1, now() - interval '31 days')
        returning id`,
    );
    expect(await t.api('/Job/Run', { Name: 'parking.cleanup' }, admin)).toMatchObject({ ret: 0 });
    const [rec] = await t.db.select().from(carPassRecords).where(eq(carPassRecords.id, old!.id));
    expect(rec).toMatchObject({ state: 3, abnormalReason: '超长停放' });
  });

  it('a resident holding cards cannot be deleted; move-out with 同时注销门禁卡 cancels the cards', async () => {
    const [c] = await t.db
      .select({ id: accessCards.id, residentId: accessCards.holderResidentId })
      .from(accessCards)
      .where(and(eq(accessCards.status, 1), sql`${accessCards.holderResidentId} is not null`))
      .limit(1);
    expect(await t.api('/Resident/Delete', { Id: c!.residentId }, admin)).toMatchObject({ ret: 400 });
    const got = await t.api<{ Cards: { CardNo: string; StatusName: string }[] }>(
      '/Resident/Get',
      { Id: c!.residentId },
      admin,
    );
    expect(got.data.Cards.length).toBeGreaterThan(0);
    expect((await t.api('/Resident/MoveOut', { Id: c!.residentId, RevokeCards: 1 }, admin)).ret).toBe(0);
    const [after] = await t.db.select().from(accessCards).where(eq(accessCards.id, c!.id));
    expect(after!.status).toBe(3);
  });
});
