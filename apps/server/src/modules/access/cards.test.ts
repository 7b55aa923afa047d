import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { accessCards, deviceTasks } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { deviceOf, laneBySn, shanghai } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

const today = () => shanghai(t.deps.now()).slice(0, 10);
const card = async (over: Record<string, unknown> = {}) => {
  const south = await laneBySn(t, 'HK-FACE-0005');
  return {
    Id: 0,
    CommunityId: sunny,
    CardNo: 'T0001',
    CardType: 4,
    HolderKind: 3,
    HolderName: '保洁张姐',
    HolderMobile: '13900001111',
    LaneIds: [south.id],
    ValidFrom: today(),
    ValidTo: '2099-01-01',
    ...over,
  };
};

describe('卡片管理 (txgl_kpgl)', () => {
  it('lists the 80 demo cards with their names, lanes and states, and filters by status and 30天内到期', async () => {
    const all = await t.api<Record<string, unknown>[]>('/AccessCard/List', { CommunityId: sunny, PgSize: 100 }, admin);
    expect(all.ret).toBe(0);
    expect(all.count).toBe(80);
    expect(all.data[0]).toMatchObject({
      CardTypeName: expect.any(String),
      StatusName: expect.any(String),
      LaneCount: expect.any(Number),
    });
    expect((await t.api('/AccessCard/List', { Status: 2 }, admin)).count).toBe(5);
    expect((await t.api('/AccessCard/List', { Status: 3 }, admin)).count).toBe(5);
    const soon = await t.api<{ DaysLeft: number; ValidStateName: string }[]>(
      '/AccessCard/List',
      { ValidState: 2 },
      admin,
    );
    expect(soon.count).toBeGreaterThan(0);
    expect(soon.data.every((c) => c.DaysLeft >= 0 && c.DaysLeft < 30 && c.ValidStateName === '即将到期')).toBe(true);
    for (const SortField of ['CardNo', 'ValidTo', 'CreateTime'])
      expect((await t.api('/AccessCard/List', { SortField, SortOrder: 'desc' }, admin)).ret).toBe(0);
  });

  it('issues a card (upper-cased), refuses a taken number, a bad number, no lanes, and an end before the start', async () => {
    const r = await t.api<{ Id: number }>('/AccessCard/Save', await card({ CardNo: 'ab12cd' }), admin);
    expect(r).toMatchObject({ ret: 0, msg: '保存成功' });
    const [row] = await t.db.select().from(accessCards).where(eq(accessCards.id, r.data.Id));
    expect(row).toMatchObject({ cardNo: 'AB12CD', status: 1 });
    const tasks = await t.db.select().from(deviceTasks).where(eq(deviceTasks.refId, r.data.Id));
    expect(tasks.map((x) => x.op)).toEqual(['CardAdd']);
    expect(await t.api('/AccessCard/Save', await card({ CardNo: 'AB12CD' }), admin)).toMatchObject({
      ret: 400,
      msg: '卡号已存在',
    });
    expect(await t.api('/AccessCard/Save', await card({ CardNo: '卡-1' }), admin)).toMatchObject({
      ret: 400,
      msg: '卡号只能包含数字和字母',
    });
    expect(await t.api('/AccessCard/Save', await card({ CardNo: 'ZZ99', LaneIds: [] }), admin)).toMatchObject({
      ret: 400,
      msg: '请选择授权通道',
    });
    expect(await t.api('/AccessCard/Save', await card({ CardNo: 'ZZ98', ValidTo: '2000-01-01' }), admin)).toMatchObject(
      { ret: 400, msg: '到期日期不能早于生效日期' },
    );
  });

  it('挂失 ⇄ 解挂, 注销 is final, and 补卡 copies the grants and cancels the old card', async () => {
    const { data } = await t.api<{ Id: number }>('/AccessCard/Save', await card({ CardNo: 'LOST01' }), admin);
    expect(await t.api('/AccessCard/Lost', { Id: data.Id, Reason: '丢失' }, admin)).toMatchObject({ ret: 0 });
    expect(await t.api('/AccessCard/Lost', { Id: data.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '只有正常的卡片可以挂失',
    });
    expect(await t.api('/AccessCard/Unlost', { Id: data.Id }, admin)).toMatchObject({ ret: 0 });
    // Not its own number (it would live on as the new card), nor another card's.
    expect(await t.api('/AccessCard/Reissue', { Id: data.Id, NewCardNo: 'lost01' }, admin)).toMatchObject({
      ret: 400,
      msg: '新卡号不能与原卡号相同',
    });
    const other = await t.api<{ Id: number }>('/AccessCard/Save', await card({ CardNo: 'OTHER01' }), admin);
    expect((await t.api('/AccessCard/Reissue', { Id: data.Id, NewCardNo: 'OTHER01' }, admin)).ret).toBe(400);
    expect((await t.api<{ Status: number }>('/AccessCard/Get', { Id: data.Id }, admin)).data.Status).toBe(1);
    expect((await t.api('/AccessCard/Cancel', { Id: other.data.Id }, admin)).ret).toBe(0);
    const re = await t.api<{ Id: number }>('/AccessCard/Reissue', { Id: data.Id, NewCardNo: 'new01' }, admin);
    expect(re).toMatchObject({ ret: 0 });
    const got = await t.api<Record<string, unknown>>('/AccessCard/Get', { Id: re.data.Id }, admin);
    const old = await t.api<Record<string, unknown>>('/AccessCard/Get', { Id: data.Id }, admin);
    expect(got.data).toMatchObject({ CardNo: 'NEW01', Status: 1, LaneIds: old.data.LaneIds, HolderName: '保洁张姐' });
    expect(old.data).toMatchObject({ Status: 3, StatusName: '注销', ReplacedById: re.data.Id });
    expect(await t.api('/AccessCard/Unlost', { Id: data.Id }, admin)).toMatchObject({ ret: 400 });
    expect(await t.api('/AccessCard/Cancel', { Id: data.Id }, admin)).toMatchObject({ ret: 400, msg: '该卡片已注销' });
    // The cancelled number may be issued again.
    expect(await t.api('/AccessCard/Save', await card({ CardNo: 'LOST01' }), admin)).toMatchObject({ ret: 0 });
  });

  it('a 租户卡 may not outlast the lease; a resident card defaults to the holder rooms and 按房屋授权 finds the unit door', async () => {
    const [tenant] = await sqlRows<{ resident_id: number }>(
      t.db,
      sql`select rr.resident_id from resident_rooms rr where rr.role = 3 and rr.lease_end is not null
        and rr.move_out_date is null and rr.community_id = ${sunny} limit 1`,
    );
    if (tenant) {
      const r = await t.api(
        '/AccessCard/Save',
        await card({
          CardNo: 'TEN01',
          CardType: 2,
          HolderKind: 1,
          HolderResidentId: tenant.resident_id,
          ValidTo: '2099-12-31',
        }),
        admin,
      );
      expect(r).toMatchObject({ ret: 400, msg: '租户卡有效期不能超过租约到期日' });
    }
    const rooms = await t.api<{ Id: number }[]>(
      '/AccessCard/HolderRooms',
      { ResidentId: 1, CommunityId: sunny },
      admin,
    );
    expect(rooms.ret).toBe(0);
    const lanes = await t.api<{ LaneIds: number[] }>(
      '/AccessCard/RoomLanes',
      { CommunityId: sunny, RoomIds: rooms.data.map((r) => r.Id) },
      admin,
    );
    expect(lanes.data.LaneIds).toContain((await laneBySn(t, 'HK-FACE-0005')).id);
  });

  it('refuses the buttons a position lacks with 403, and another company sees none of the cards', async () => {
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'txgl_kpgl', Btn: '' }]);
    expect(await t.api('/AccessCard/Save', await card({ CardNo: 'NOPE01' }), clerk)).toMatchObject({ ret: 403 });
    expect(await t.api('/AccessCard/Lost', { Id: 1 }, clerk)).toMatchObject({ ret: 403 });
    expect((await t.api('/AccessCard/List', {}, clerk)).ret).toBe(0);
    for (const f of [
      { CardType: 1 },
      { CardNo: 'yg' },
      { Keyword: '张' },
      { ValidState: 1 },
      { ValidState: 3 },
      { CommunityId: sunny },
    ])
      expect(await t.api('/AccessCard/List', f, admin), JSON.stringify(f)).toMatchObject({ ret: 0 });
  });

  it('a card task reaches its device through PullTasks and its ack marks it done', async () => {
    const south = deviceOf(t, 'HK-FACE-0005');
    const { data } = await t.api<{ Id: number }>('/AccessCard/Save', await card({ CardNo: 'PULL01' }), admin);
    const pulled = await south<{ Tasks: { TaskId: number; Op: string; CardNo: string; ValidTo: string }[] }>(
      'PullTasks',
      { Max: 50 },
    );
    const task = pulled.data.Tasks.find((x) => x.CardNo === 'PULL01')!;
    expect(task).toMatchObject({ Op: 'CardAdd', ValidTo: '2099-01-01' });
    expect(await south('AckTasks', { Results: [{ TaskId: task.TaskId, Ok: 1 }] })).toMatchObject({
      data: { Updated: 1 },
    });
    const [row] = await t.db
      .select()
      .from(deviceTasks)
      .where(and(eq(deviceTasks.refId, data.Id), eq(deviceTasks.op, 'CardAdd')));
    expect(row!.state).toBe(2);
  });
});
