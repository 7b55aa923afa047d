import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../../../test/harness';
import { sha256 } from '../../core/tokens';
import { communities, faceSyncs, lanes } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { communityId } from '../properties/test-helpers';
import { realJpeg, uploadImage } from '../residents/test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Task {
  TaskId: number;
  Op: string;
  ResidentId: number;
  Name: string;
  PhotoUrl: string;
  CardNo: string;
  ValidTo: string;
}
interface Detail {
  SyncId: number;
  LaneName: string;
  Op: number;
  StateName: string;
  FailReason: string;
  TryCount: number;
}

/** A device calling with its headers and a JSON body; the demo key is 'demo-' + SN. */
const device =
  (sn: string, key = `demo-${sn}`) =>
  async <T = unknown>(action: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/DeviceGateway/${action}`,
      headers: { 'x-device-sn': sn, 'x-device-key': key },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Envelope<T>;
  };
const south = device('HK-FACE-0005');
const unit1 = device('HK-FACE-0006');
const laneOf = async (sn: string) => (await t.db.select().from(lanes).where(eq(lanes.deviceSn, sn)))[0]!;
const detail = async (faceId: number) =>
  (await t.api<Detail[]>('/Face/SyncDetail', { FaceId: faceId }, admin)).data.filter((d) => d.Op === 1);

/** A new face for a 阳光花园 resident without one; the fake gateway leaves its tasks for the devices to pull. */
async function newFace(): Promise<number> {
  t.faceDevice.answer('queued');
  const list = await t.api<{ ResidentId: number }[]>(
    '/Face/List',
    { HasFace: 0, CommunityId: await communityId(t, '阳光花园'), PgSize: 1 },
    admin,
  );
  const img = await uploadImage(t, await realJpeg(640, 800), admin);
  const up = await t.api<{ Id: number }>('/Face/Upload', { ResidentId: list.data[0]!.ResidentId, ImgPath: img }, admin);
  expect(up.ret).toBe(0);
  return up.data.Id;
}

async function taskOf(pull: typeof south, faceId: number) {
  const tasks = (await pull<{ Tasks: Task[] }>('PullTasks', { Max: 50 })).data.Tasks;
  const ids = (await detail(faceId)).map((d) => d.SyncId);
  return { tasks, task: tasks.find((x) => ids.includes(x.TaskId))! };
}

describe('DeviceGateway authentication', () => {
  it('refuses an unknown SN, a wrong or missing key with 401 设备认证失败', async () => {
    const refused = { ret: 401, msg: '设备认证失败' };
    expect(await device('HK-FACE-0005', 'wrong')('Heartbeat')).toMatchObject(refused);
    expect(await device('NO-SUCH-SN')('Heartbeat')).toMatchObject(refused);
    expect(await device('HK-FACE-0005', '')('Heartbeat')).toMatchObject(refused);
    // Another lane's key is no key for this one.
    expect(await device('HK-CAR-0001', 'demo-HK-CAR-0002')('Heartbeat')).toMatchObject(refused);
  });

  it('takes the credentials from form fields too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DeviceGateway/Heartbeat',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'DeviceSn=HK-FACE-0006&DeviceKey=demo-HK-FACE-0006&Firmware=V5.1&Ip=10.0.0.8',
    });
    expect(res.json()).toMatchObject({ ret: 0 });
  });

  it('answers 403 通道已停用 for a disabled lane', async () => {
    const seen = (await laneOf('HK-CAR-0002')).lastSeenTime;
    await t.db
      .update(lanes)
      .set({ deviceKeyHash: sha256('car-key'), status: 0 })
      .where(eq(lanes.deviceSn, 'HK-CAR-0002'));
    expect(await device('HK-CAR-0002', 'car-key')('Heartbeat')).toMatchObject({ ret: 403, msg: '通道已停用' });
    expect((await laneOf('HK-CAR-0002')).lastSeenTime).toEqual(seen);
  });
});

describe('DeviceGateway face tasks', () => {
  it('Heartbeat marks the lane online, refreshes LastSeenTime and counts its pending tasks', async () => {
    const before = await laneOf('HK-FACE-0007');
    expect(before.online).toBe(false);
    const pending = await t.db
      .select()
      .from(faceSyncs)
      .where(and(eq(faceSyncs.laneId, before.id), eq(faceSyncs.state, 0)));
    expect(pending.length).toBeGreaterThan(0);
    const hb = await device('HK-FACE-0007')<{ ServerTime: string; PendingTasks: number }>('Heartbeat', {
      Firmware: 'V5.1',
      Ip: '10.0.0.9',
    });
    expect(hb).toMatchObject({ ret: 0, data: { PendingTasks: pending.length } });
    const after = await laneOf('HK-FACE-0007');
    expect(after.online).toBe(true);
    expect(Math.abs(after.lastSeenTime!.getTime() - new Date(hb.data.ServerTime).getTime())).toBeLessThan(1000);
  });

  it('PullTasks hands a lane only its own tasks, with a photo link that works without a session for 1 h', async () => {
    const faceId = await newFace();
    const { tasks, task } = await taskOf(south, faceId);
    expect(task).toMatchObject({ Op: 'FaceAdd', Name: expect.any(String), CardNo: '', ValidTo: '' });
    const southId = (await laneOf('HK-FACE-0005')).id;
    const rows = await t.db.select().from(faceSyncs).where(eq(faceSyncs.laneId, southId));
    expect(tasks.every((x) => rows.some((r) => r.id === x.TaskId && r.state === 0))).toBe(true);
    // Pulling counts as a try (the fake gateway's hand-over was the first).
    expect((await detail(faceId)).find((d) => d.SyncId === task.TaskId)!.TryCount).toBe(2);

    const url = new URL(task.PhotoUrl);
    const photo = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const forged = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search.replace(/s=[^&]+/, 's=x')}` });
    expect(forged.statusCode).toBe(403);
    t.advance(3600_000 + 1000);
    const expired = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ msg: '链接已过期' });
  });

  it('AckTasks: Ok → 已同步, an error code → 失败 with its reason, another lane’s task is left alone', async () => {
    const faceId = await newFace();
    const ok = (await taskOf(south, faceId)).task;
    const bad = (await taskOf(unit1, faceId)).task;
    expect(await unit1('AckTasks', { Results: [{ TaskId: ok.TaskId, Ok: 1, Code: '', Reason: '' }] })).toMatchObject({
      ret: 0,
      data: { Updated: 0 },
    });
    expect((await detail(faceId)).find((d) => d.SyncId === ok.TaskId)!.StateName).toBe('待同步');

    expect(await south('AckTasks', { Results: [{ TaskId: ok.TaskId, Ok: 1 }] })).toMatchObject({
      data: { Updated: 1 },
    });
    // Form bodies carry Results as JSON text.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DeviceGateway/AckTasks',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-device-sn': 'HK-FACE-0006',
        'x-device-key': 'demo-HK-FACE-0006',
      },
      payload: new URLSearchParams({
        Results: JSON.stringify([{ TaskId: bad.TaskId, Ok: 0, Code: 'NO_FACE', Reason: 'no face' }]),
      }).toString(),
    });
    expect(res.json()).toMatchObject({ ret: 0, data: { Updated: 1 } });
    const rows = await detail(faceId);
    expect(rows.find((d) => d.SyncId === ok.TaskId)).toMatchObject({ StateName: '已同步' });
    expect(rows.find((d) => d.SyncId === bad.TaskId)).toMatchObject({ StateName: '失败', FailReason: '未检测到人脸' });
    // A repeated ack changes nothing.
    expect(await south('AckTasks', { Results: [{ TaskId: ok.TaskId, Ok: 0, Code: 'NO_FACE' }] })).toMatchObject({
      data: { Updated: 0 },
    });
  });

  it("a code the server does not know shows the device's own reason; at most 50 results", async () => {
    const faceId = await newFace();
    const { task } = await taskOf(south, faceId);
    await south('AckTasks', { Results: [{ TaskId: task.TaskId, Ok: 0, Code: 'E1043', Reason: '人脸库已锁定' }] });
    expect((await detail(faceId)).find((d) => d.SyncId === task.TaskId)).toMatchObject({
      StateName: '失败',
      FailReason: '人脸库已锁定',
    });
    const many = Array.from({ length: 51 }, (_, i) => ({ TaskId: i + 1, Ok: 1 }));
    expect(await south('AckTasks', { Results: many })).toMatchObject({ ret: 400, msg: '一次最多回执50条' });
  });

  it("tenancy: a lane of company B with the same SN sees and acks none of company A's tasks", async () => {
    const faceId = await newFace();
    const { task } = await taskOf(south, faceId);
    const cmpB = await createCompany(t.db, { name: '别家物业', account: 'devother', password: 'Other2026' });
    const [c] = await t.db.insert(communities).values({ cmpId: cmpB, name: '别家小区' }).returning();
    await t.db.insert(lanes).values({
      cmpId: cmpB,
      communityId: c!.id,
      name: '别家人行',
      deviceSn: 'HK-FACE-0005',
      hasFace: true,
      deviceKeyHash: sha256('b-key'),
    });
    const b = device('HK-FACE-0005', 'b-key');
    expect(await b('Heartbeat')).toMatchObject({ ret: 0, data: { PendingTasks: 0 } });
    expect(await b('PullTasks')).toMatchObject({ ret: 0, data: { Tasks: [] } });
    expect(await b('AckTasks', { Results: [{ TaskId: task.TaskId, Ok: 1 }] })).toMatchObject({ data: { Updated: 0 } });
    expect((await detail(faceId)).find((d) => d.SyncId === task.TaskId)!.StateName).toBe('待同步');
    // Same SN, company A's key: the key decides which lane is calling.
    expect(await south('AckTasks', { Results: [{ TaskId: task.TaskId, Ok: 1 }] })).toMatchObject({
      data: { Updated: 1 },
    });
  });

  it('limits a device to 20 requests a second', async () => {
    const hb = device('HK-FACE-0007');
    // On a clock that stands still the bucket does not refill during the burst: exactly 20 pass.
    t.freeze();
    t.advance(1000); // a full bucket, whatever earlier tests took from it
    const answers = await Promise.all(Array.from({ length: 30 }, () => hb('Heartbeat')));
    expect(answers.filter((a) => a.ret === 0)).toHaveLength(20);
    expect(answers.find((a) => a.ret !== 0)).toMatchObject({ ret: 429, msg: '操作过于频繁，请稍后再试' });
    expect((await south('Heartbeat')).ret).toBe(0);
    t.advance(1000);
    expect((await hb('Heartbeat')).ret).toBe(0);
  });
});
