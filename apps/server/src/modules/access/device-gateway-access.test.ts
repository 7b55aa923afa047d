import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { carPassRecords, cardPassRecords, communities, deviceEvents, lanes } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { sqlRows } from '../../core/sql-rows';
import { sha256 } from '../../core/tokens';
import { communityId } from '../properties/test-helpers';
import { deviceOf, laneBySn, type PushAnswer, shanghai } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
const eastIn = () => deviceOf(t, 'HK-CAR-0001');
const eastOut = () => deviceOf(t, 'HK-CAR-0002');
const south = () => deviceOf(t, 'HK-FACE-0005');

beforeAll(async () => {
  t = await createTestApp();
  t.freeze();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

const carRecordsOf = (plate: string) => t.db.select().from(carPassRecords).where(eq(carPassRecords.plate, plate));
const at = (minutesAgo: number) => shanghai(new Date(t.deps.now().getTime() - minutesAgo * 60_000));

describe('PushEvents: a temp car in and out (acceptance 3)', () => {
  it('charges 9.00 for 2 h 30 at 地上停车场, answers a re-post as Duplicate with the same record, and keeps one record', async () => {
    const inn = await eastIn()<PushAnswer>('PushEvents', {
      Events: [{ EventId: 'acc3-in', EventType: 'CarIn', OccurTime: at(150), Plate: '粤B·9z876' }],
    });
    expect(inn.data).toMatchObject({ Accepted: 1, Duplicate: 0, Rejected: 0 });
    const verify = await eastOut()<Record<string, unknown>>('Verify', { Kind: 'Plate', Plate: '粤B9Z876' });
    expect(verify.data).toMatchObject({ Allow: 1, Reason: '临时车 请缴费9.00元', VehicleType: 3, FeeMoney: '9.00' });
    const out = await eastOut()<PushAnswer>('PushEvents', {
      Events: [
        {
          EventId: 'acc3-out',
          EventType: 'CarOut',
          OccurTime: at(0),
          Plate: '粤B9Z876',
          PaidMoney: '9.00',
          PayMethod: 2,
        },
      ],
    });
    expect(out.data.Accepted).toBe(1);
    const [rec] = await carRecordsOf('粤B9Z876');
    expect(rec).toMatchObject({ state: 2, durationMinutes: 150, feeMoney: '9.00', paidMoney: '9.00', payMethod: 2 });
    expect(out.data.Results[0]!.RecordId).toBe(rec!.id);
    const again = await eastOut()<PushAnswer>('PushEvents', {
      Events: [{ EventId: 'acc3-out', EventType: 'CarOut', OccurTime: at(0), Plate: '粤B9Z876', PaidMoney: '9.00' }],
    });
    expect(again.data).toMatchObject({
      Accepted: 0,
      Duplicate: 1,
      Results: [{ Status: 'duplicate', RecordId: rec!.id }],
    });
    expect(await carRecordsOf('粤B9Z876')).toHaveLength(1);
    const list = await t.api<Record<string, unknown>[]>('/CarRecord/List', { Plate: '9Z876' }, admin);
    expect(list.data[0]).toMatchObject({
      StateName: '已出场',
      DurationText: '2小时30分',
      FeeMoney: '9.00',
      InLaneName: '东门入口',
    });
  });

  it('writes one record when the same EventId comes in 10 requests at once', async () => {
    const body = { Events: [{ EventId: 'race-1', EventType: 'CarIn', OccurTime: at(5), Plate: '粤B7R001' }] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => eastIn()<PushAnswer>('PushEvents', body)));
    expect(answers.every((a) => a.ret === 0)).toBe(true);
    expect(answers.filter((a) => a.data.Accepted === 1)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.data.Results[0]!.RecordId));
    expect(ids.size).toBe(1);
    expect(await carRecordsOf('粤B7R001')).toHaveLength(1);
  });

  it('closes an older 在场 record as 无出场记录, writes 无入场记录 for an exit without entry, and merges a late entry into it', async () => {
    await eastIn()('PushEvents', {
      Events: [{ EventId: 'o-1', EventType: 'CarIn', OccurTime: at(300), Plate: '粤B5K111' }],
    });
    await eastIn()('PushEvents', {
      Events: [{ EventId: 'o-2', EventType: 'CarIn', OccurTime: at(100), Plate: '粤B5K111' }],
    });
    const recs = (await carRecordsOf('粤B5K111')).sort((a, b) => a.id - b.id);
    expect(recs.map((r) => [r.state, r.abnormalReason])).toEqual([
      [3, '无出场记录'],
      [1, ''],
    ]);
    await eastOut()('PushEvents', {
      Events: [{ EventId: 'x-1', EventType: 'CarOut', OccurTime: at(10), Plate: '粤B5K222' }],
    });
    expect(await carRecordsOf('粤B5K222')).toMatchObject([{ state: 3, abnormalReason: '无入场记录', inTime: null }]);
    await eastIn()('PushEvents', {
      Events: [{ EventId: 'x-0', EventType: 'CarIn', OccurTime: at(40), Plate: '粤B5K222' }],
    });
    expect(await carRecordsOf('粤B5K222')).toMatchObject([
      { state: 2, abnormalReason: '', durationMinutes: 30, feeMoney: '5.00' },
    ]);
  });

  it('counts the same plate at the same lane within 60 s as one trigger', async () => {
    const a = await eastIn()<PushAnswer>('PushEvents', {
      Events: [
        { EventId: 'tw-1', EventType: 'CarIn', OccurTime: at(3), Plate: '粤B6T333' },
        {
          EventId: 'tw-2',
          EventType: 'CarIn',
          OccurTime: shanghai(new Date(t.deps.now().getTime() - 150_000)),
          Plate: '粤B6T333',
        },
      ],
    });
    expect(a.data.Accepted).toBe(2);
    expect(a.data.Results[0]!.RecordId).toBe(a.data.Results[1]!.RecordId);
    expect(await carRecordsOf('粤B6T333')).toHaveLength(1);
  });
});

describe('PushEvents refusals', () => {
  it('rejects a malformed event alone with its reason while the rest lands, in OccurTime order', async () => {
    const r = await eastIn()<PushAnswer>('PushEvents', {
      Events: [
        { EventId: 'm-ok', EventType: 'CarIn', OccurTime: at(2), Plate: '粤B8M001' },
        { EventId: 'm-noplate', EventType: 'CarIn', OccurTime: at(2) },
        { EventId: 'm-type', EventType: 'Jump', OccurTime: at(2) },
        { EventType: 'CarIn', OccurTime: at(2), Plate: '粤B8M002' },
        { EventId: 'm-old', EventType: 'CarIn', OccurTime: at(7 * 24 * 60 + 5), Plate: '粤B8M003' },
        {
          EventId: 'm-ahead',
          EventType: 'CarIn',
          OccurTime: shanghai(new Date(t.deps.now().getTime() + 6 * 60_000)),
          Plate: '粤B8M004',
        },
        {
          EventId: 'm-photo',
          EventType: 'CarIn',
          OccurTime: at(2),
          Plate: '粤B8M005',
          Photo: Buffer.alloc(301 * 1024, 0xff).toString('base64'),
        },
      ],
    });
    expect(r.data).toMatchObject({ Accepted: 1, Rejected: 6 });
    expect(r.data.Results.map((x) => [x.EventId, x.Status, x.Reason])).toEqual([
      ['m-ok', 'accepted', ''],
      ['m-noplate', 'rejected', '缺少车牌号'],
      ['m-type', 'rejected', '事件类型不正确'],
      ['', 'rejected', '缺少事件编号'],
      ['m-old', 'rejected', '事件时间无效'],
      ['m-ahead', 'rejected', '事件时间无效'],
      ['m-photo', 'rejected', '照片不能超过300KB'],
    ]);
    for (const p of ['粤B8M003', '粤B8M004', '粤B8M005']) expect(await carRecordsOf(p)).toHaveLength(0);
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(deviceEvents)
      .where(sql`${deviceEvents.eventId} like 'm-%'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a fault in one event rejects it alone: the others land once, and its EventId stays free for a retry', async () => {
    // A database fault on one plate only, as a broken row or a lost connection would raise mid-batch.
    await t.db.execute(sql`create function fail_plate() returns trigger language plpgsql as $$
      begin if new.plate = '粤B8F002' then raise exception 'boom'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger fail_plate before insert on car_pass_records
      for each row execute function fail_plate()`);
    const body = {
      Events: ['粤B8F001', '粤B8F002', '粤B8F003'].map((Plate, i) => ({
        EventId: `f-${i}`,
        EventType: 'CarIn',
        OccurTime: at(3 - i),
        Plate,
      })),
    };
    const r = await eastIn()<PushAnswer>('PushEvents', body);
    await t.db.execute(sql`drop trigger fail_plate on car_pass_records`);
    await t.db.execute(sql`drop function fail_plate()`);
    expect(r.data.Results.map((x) => [x.EventId, x.Status, x.Reason])).toEqual([
      ['f-0', 'accepted', ''],
      ['f-1', 'rejected', '事件处理失败'],
      ['f-2', 'accepted', ''],
    ]);
    for (const p of ['粤B8F001', '粤B8F003']) expect(await carRecordsOf(p)).toHaveLength(1);
    const again = await eastIn()<PushAnswer>('PushEvents', body);
    expect(again.data.Results.map((x) => x.Status)).toEqual(['duplicate', 'accepted', 'duplicate']);
    expect(again.data.Results[0]!.RecordId).toBe(r.data.Results[0]!.RecordId);
    expect(await carRecordsOf('粤B8F002')).toHaveLength(1);
  });

  it('the same EventId twice in one batch lands once; the second answers the first one’s record', async () => {
    const ev = { EventId: 'twice', EventType: 'CarIn', OccurTime: at(1), Plate: '粤B8T001' };
    const r = await eastIn()<PushAnswer>('PushEvents', { Events: [ev, ev] });
    expect(r.data).toMatchObject({ Accepted: 1, Duplicate: 1 });
    expect(r.data.Results[1]!.RecordId).toBe(r.data.Results[0]!.RecordId);
    expect(await carRecordsOf('粤B8T001')).toHaveLength(1);
  });

  it('refuses more than 20 events and a wrong key (acceptance 4) and a stopped lane, writing nothing', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({
      EventId: `big-${i}`,
      EventType: 'CarIn',
      OccurTime: at(1),
      Plate: '粤B9Q001',
    }));
    expect(await eastIn()('PushEvents', { Events: many })).toMatchObject({ ret: 400, msg: '一次最多上传20条事件' });
    const bad = await deviceOf(
      t,
      'HK-CAR-0001',
      'wrong-key',
    )('PushEvents', {
      Events: [{ EventId: 'bad-1', EventType: 'CarIn', OccurTime: at(1), Plate: '粤B9Q002' }],
    });
    expect(bad).toMatchObject({ ret: 401, msg: '设备认证失败' });
    expect(await carRecordsOf('粤B9Q002')).toHaveLength(0);
    const lane = await laneBySn(t, 'DH-CAR-0003');
    await t.db.update(lanes).set({ status: 0 }).where(eq(lanes.id, lane.id));
    const stopped = await deviceOf(t, 'DH-CAR-0003')('PushEvents', {
      Events: [{ EventId: 'st-1', EventType: 'CarIn', OccurTime: at(1), Plate: '粤B9Q003' }],
    });
    expect(stopped).toMatchObject({ ret: 403, msg: '通道已停用' });
    await t.db.update(lanes).set({ status: 1 }).where(eq(lanes.id, lane.id));
    expect(await carRecordsOf('粤B9Q003')).toHaveLength(0);
  });

  it('never lets a device of one company write into another company', async () => {
    const cmpB = await createCompany(t.db, { name: '别家物业', account: 'accother', password: 'Other2026' });
    const [c] = await t.db.insert(communities).values({ cmpId: cmpB, name: '别家小区' }).returning();
    // A lane of company B with the same SN as 东门入口 and its own key: its events land in B's lane only.
    const [laneB] = await t.db
      .insert(lanes)
      .values({
        cmpId: cmpB,
        communityId: c!.id,
        name: 'B门',
        kind: 2,
        deviceSn: 'HK-CAR-0001',
        deviceKeyHash: sha256('key-of-b'),
      })
      .returning();
    const b = deviceOf(t, 'HK-CAR-0001', 'key-of-b');
    const r = await b<PushAnswer>('PushEvents', {
      Events: [{ EventId: 'ten-1', EventType: 'CardSwipe', OccurTime: at(1), CardNo: 'YG00010037' }],
    });
    expect(r.data.Results[0]).toMatchObject({ Status: 'accepted' });
    const [rec] = await t.db.select().from(cardPassRecords).where(eq(cardPassRecords.id, r.data.Results[0]!.RecordId!));
    expect(rec).toMatchObject({ cmpId: cmpB, laneId: laneB!.id, result: 1, cardId: null });
    // Company A's card of that number is unknown to B: Verify says 未登记卡.
    expect((await b<Record<string, unknown>>('Verify', { Kind: 'Card', CardNo: 'YG00010037' })).data).toMatchObject({
      Allow: 0,
      Reason: '未登记卡',
    });
  });
});

describe('cards at the door (acceptance 5)', () => {
  it('a card issued then 挂失 is refused by Verify, and a pushed swipe shows as 拒绝 卡已挂失 in 刷卡记录', async () => {
    const southLane = await laneBySn(t, 'HK-FACE-0005');
    const save = await t.api<{ Id: number }>(
      '/AccessCard/Save',
      {
        Id: 0,
        CommunityId: sunny,
        CardNo: 'acc5card',
        CardType: 4,
        HolderKind: 3,
        HolderName: '临时工',
        LaneIds: [southLane.id],
        ValidFrom: shanghai(t.deps.now()).slice(0, 10),
        ValidTo: '2099-12-31',
      },
      admin,
    );
    expect(save).toMatchObject({ ret: 0 });
    expect((await south()<Record<string, unknown>>('Verify', { Kind: 'Card', CardNo: 'ACC5CARD' })).data).toMatchObject(
      { Allow: 1 },
    );
    expect(await t.api('/AccessCard/Lost', { Id: save.data.Id, Reason: '丢失' }, admin)).toMatchObject({ ret: 0 });
    const v = await south()<Record<string, unknown>>('Verify', { Kind: 'Card', CardNo: 'acc5card' });
    expect(v.data).toMatchObject({ Allow: 0, Reason: '卡已挂失' });
    const p = await south()<PushAnswer>('PushEvents', {
      Events: [{ EventId: 'acc5-1', EventType: 'CardSwipe', OccurTime: at(0), CardNo: 'ACC5CARD', Opened: 0 }],
    });
    expect(p.data.Accepted).toBe(1);
    const list = await t.api<Record<string, unknown>[]>('/CardRecord/List', { Keyword: 'acc5card' }, admin);
    expect(list.data).toMatchObject([
      { ResultName: '拒绝', DenyReason: '卡已挂失', MethodName: '刷卡', LaneName: '南门人行' },
    ]);
  });

  it('a face opens only for a resident living in the lane’s community: 无此通道权限 elsewhere, 人脸未识别 for nobody', async () => {
    const residentOf = async (community: string) =>
      (
        await sqlRows<{ id: number; name: string }>(
          t.db,
          sql`select e.id, e.name from residents e join resident_rooms rr on rr.resident_id = e.id
            join communities c on c.id = rr.community_id
            where c.name = ${community} and rr.move_out_date is null and not e.is_deleted
              and not exists (select 1 from resident_rooms o where o.resident_id = e.id and o.move_out_date is null
                and o.community_id <> rr.community_id)
            order by e.id limit 1`,
        )
      )[0]!;
    const home = await residentOf('阳光花园');
    const away = await residentOf('翠湖天地');
    const verify = (ResidentId: number) => south()<Record<string, unknown>>('Verify', { Kind: 'Face', ResidentId });
    expect((await verify(home.id)).data).toMatchObject({ Allow: 1, Reason: home.name });
    expect((await verify(away.id)).data).toMatchObject({ Allow: 0, Reason: '无此通道权限' });
    expect((await verify(999999)).data).toMatchObject({ Allow: 0, Reason: '人脸未识别' });
    const p = await south()<PushAnswer>('PushEvents', {
      Events: [
        { EventId: 'face-home', EventType: 'FaceOpen', OccurTime: at(2), ResidentId: home.id, Opened: 1 },
        { EventId: 'face-away', EventType: 'FaceOpen', OccurTime: at(1), ResidentId: away.id, Opened: 0 },
      ],
    });
    expect(p.data.Accepted).toBe(2);
    const ids = p.data.Results.map((r) => r.RecordId!);
    const recs = await t.db
      .select()
      .from(cardPassRecords)
      .where(sql`${cardPassRecords.id} in (${sql.join(ids, sql`, `)})`)
      .orderBy(cardPassRecords.occurTime);
    expect(recs.map((r) => [r.method, r.result, r.denyReason, r.cardNo])).toEqual([
      [2, 1, '', ''],
      [2, 2, '无此通道权限', ''],
    ]);
  });

  it('Verify writes nothing but refreshes LastSeenTime', async () => {
    const before = await t.db.select({ n: count() }).from(cardPassRecords);
    t.advance(5000);
    await south()('Verify', { Kind: 'Face', ResidentId: 999999 });
    const after = await t.db.select({ n: count() }).from(cardPassRecords);
    expect(after).toEqual(before);
    const lane = await laneBySn(t, 'HK-FACE-0005');
    expect(lane.lastSeenTime!.getTime()).toBe(t.deps.now().getTime());
  });

  it('answers Verify for registered plates: 月租 with its days left, and a blacklisted plate is refused', async () => {
    const [v] = await sqlRows<{ plate: string }>(
      t.db,
      sql`select v.plate from vehicles v join parking_lots l on l.id = v.lot_id
        where v.vehicle_type = 1 and v.valid_end > current_date + 40 and l.code = 'P1' limit 1`,
    );
    const r = await eastIn()<Record<string, unknown>>('Verify', { Kind: 'Plate', Plate: v!.plate });
    expect(r.data).toMatchObject({ Allow: 1, VehicleType: 1, VehicleTypeName: '月租' });
    expect(String(r.data.Reason)).toMatch(/^月租车 剩余\d+天$/);
    await t.db.execute(sql`update vehicles set status = 3 where plate = ${v!.plate}`);
    expect((await eastIn()<Record<string, unknown>>('Verify', { Kind: 'Plate', Plate: v!.plate })).data).toMatchObject({
      Allow: 0,
      Reason: '黑名单车辆',
    });
    await t.db.execute(sql`update vehicles set status = 1 where plate = ${v!.plate}`);
  });
});
