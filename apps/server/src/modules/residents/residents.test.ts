import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  auditLog,
  faceSyncs,
  residentRooms,
  residents,
  rooms,
  roomStatusLogs,
  sysMessages,
  users,
} from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

interface Row {
  Id: number;
  Name: string;
  Mobile: string;
  IdNo: string;
  Roles: { Role: number; RoleName: string }[];
  RoomText: string;
  LeaseState: string;
  LeaseText: string;
  Status: number;
  StatusName: string;
  Tags: { Name: string }[];
  FaceName: string;
  SourceName: string;
}

/** An 未售 room of 阳光花园 nobody lives in (a fresh one per call). */
let unsoldSeq = 0;
async function unsoldRoom(): Promise<number> {
  const list = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.communityId, sunny), eq(rooms.status, 0)))
    .orderBy(rooms.id);
  unsoldSeq += 1;
  return list[unsoldSeq]!.id;
}
const roomStatus = async (id: number) => (await t.db.select().from(rooms).where(eq(rooms.id, id)))[0]!;
let mobileSeq = 0;
const newMobile = () => `1770000${String(1000 + (mobileSeq += 1)).padStart(4, '0')}`;
const owner = (RoomId: number, extra: Record<string, unknown> = {}) => ({ RoomId, Role: 1, ...extra });

describe('住户列表', () => {
  it('lists the demo residents with roles, rooms, lease flags, tags and face; filters', async () => {
    const all = await t.api<Row[]>('/Resident/List', { CommunityId: sunny, PgSize: 5 }, admin);
    expect(all.ret).toBe(0);
    expect(all.count).toBeGreaterThan(350);
    const tenants = await t.api<Row[]>('/Resident/List', { CommunityId: sunny, Role: 3, PgSize: 100 }, admin);
    expect(tenants.count).toBeGreaterThan(20);
    expect(tenants.data.every((r) => r.Roles.some((x) => x.RoleName === '租户'))).toBe(true);
    const expiring = await t.api<Row[]>('/Resident/List', { LeaseExpiring: 1, PgSize: 50 }, admin);
    expect(expiring.count).toBe(7);
    expect(expiring.data.filter((r) => r.LeaseText === '已到期')).toHaveLength(2);
    expect(expiring.data.filter((r) => r.LeaseState === 'expiring')).toHaveLength(5);
    const out = await t.api<Row[]>('/Resident/List', { Status: 2, PgSize: 50 }, admin);
    expect(out.count).toBe(12);
    expect(out.data.every((r) => r.StatusName === '已迁出')).toBe(true);
    const tags = await t.api<{ Id: number; Name: string; Count: number }[]>('/ResidentTag/List', {}, admin);
    expect(tags.data.map((x) => x.Name)).toEqual(['老人', '独居', '残障', '党员', '志愿者', '重点关注', 'VIP']);
    expect(Object.fromEntries(tags.data.map((x) => [x.Name, x.Count]))).toMatchObject({
      老人: 8,
      党员: 5,
      重点关注: 2,
    });
    const old = tags.data.find((x) => x.Name === '老人')!;
    expect((await t.api('/Resident/List', { TagId: old.Id }, admin)).count).toBe(8);
    const withFace = await t.api<Row[]>('/Resident/List', { Name: all.data[0]!.Name.slice(0, 1), PgSize: 500 }, admin);
    expect(withFace.data.some((r) => r.FaceName === '已录入')).toBe(true);
  });

  it('lists mask phone and ID numbers for every position; 详情 (Get) shows them in full only to `view`/`edit`', async () => {
    const plain = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'add,edit' }]);
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'view' }]);
    const bare = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: '' }]);
    for (const who of [plain, viewer, admin]) {
      const masked = await t.api<Row[]>('/Resident/List', { Mobile: '136', PgSize: 3 }, who);
      expect(masked.data[0]!.Mobile).toMatch(/^136\*{4}\d{4}$/);
      expect(masked.data[0]!.IdNo).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/);
    }
    const id = (await t.api<Row[]>('/Resident/List', { Mobile: '136', PgSize: 1 }, admin)).data[0]!.Id;
    for (const who of [plain, viewer]) {
      const full = await t.api<Row>('/Resident/Get', { Id: id }, who);
      expect(full.data.Mobile).toMatch(/^136\d{8}$/);
      expect(full.data.IdNo).toMatch(/^\d{17}[\dX]$/);
    }
    const hidden = await t.api<Row>('/Resident/Get', { Id: id }, bare);
    expect(hidden.data.Mobile).toMatch(/^136\*{4}\d{4}$/);
    expect(hidden.data.IdNo).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/);
    // A room's 住户 tab is a list too.
    const got = await t.api<{ Rooms: { RoomId: number }[] }>('/Resident/Get', { Id: id }, viewer);
    const tab = await t.api<{ ResidentId: number; Mobile: string }[]>(
      '/Resident/ByRoom',
      { RoomId: got.data.Rooms[0]!.RoomId },
      viewer,
    );
    expect(tab.data.find((r) => r.ResidentId === id)!.Mobile).toMatch(/^136\*{4}\d{4}$/);
    const opts = await t.api<{ Mobile: string }[]>('/Resident/Options', { Keyword: '136' }, plain);
    expect(opts.data.length).toBeGreaterThan(0);
    expect(opts.data[0]!.Mobile).toMatch(/\*{4}/);
    // A room clerk (no 住户管理 at all) may use the owner picker but sees masked numbers.
    const roomClerk = await clerkWith(t, admin, [{ RoleKey: 'fcgl_fjgl', Btn: 'add,edit' }]);
    const picker = await t.api<{ Mobile: string }[]>('/Resident/Options', { Keyword: '136' }, roomClerk);
    expect(picker.data[0]!.Mobile).toMatch(/\*{4}/);
    expect((await t.api('/Resident/List', {}, roomClerk)).ret).toBe(403);
  });
});

describe('住户 Save', () => {
  it('acceptance 1: the spec mobile and certnmb messages; nothing is saved', async () => {
    const room = await unsoldRoom();
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(residents))[0]!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Mobile: '12800000000' }, 'Mobile', '请填写正确的手机号！'],
      [{ Mobile: '1380013800' }, 'Mobile', '手机号格式不正确，请重新输入'],
      [{ Mobile: '138001380001' }, 'Mobile', '手机号码不能超过11位哦'],
      [{ Mobile: newMobile(), IdNo: '11010119900307123' }, 'IdNo', '请输入正确的身份证号'],
      [{ Mobile: '' }, 'Mobile', '业主和租户必须填写手机号'],
      [{ Mobile: newMobile(), EmergencyMobile: '12800000000' }, 'EmergencyMobile', '请填写正确的手机号！'],
      [{ Mobile: newMobile(), IdType: 2, IdNo: 'E1' }, 'IdNo', '证件号码需为4-30位字母或数字'],
    ];
    for (const [body, field, msg] of cases) {
      const r = await t.api<{ Errors: Record<string, string> }>(
        '/Resident/Save',
        { Name: '测试', Rooms: [owner(room)], ...body },
        admin,
      );
      expect(r, msg).toMatchObject({ ret: 400, msg });
      expect(r.data.Errors[field]).toBe(msg);
    }
    const noName = await t.api('/Resident/Save', { Name: '', Mobile: newMobile(), Rooms: [owner(room)] }, admin);
    expect(noName).toMatchObject({ ret: 400, msg: '请输入姓名' });
    const noRoom = await t.api('/Resident/Save', { Name: '测试', Mobile: newMobile(), Rooms: [] }, admin);
    expect(noRoom).toMatchObject({ ret: 400, msg: '请至少关联一个房屋' });
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(residents))[0]!.n;
    expect(after).toBe(before);
    expect((await roomStatus(room)).status).toBe(0);
  });

  it('acceptance 2: a tenant needs a lease end; with one the room becomes 已出租 and the list shows 租户', async () => {
    const room = await unsoldRoom();
    const mobile = newMobile();
    const noLease = await t.api(
      '/Resident/Save',
      { Name: '租客甲', Mobile: mobile, Rooms: [{ RoomId: room, Role: 3 }] },
      admin,
    );
    expect(noLease).toMatchObject({ ret: 400, msg: '租户必须填写租约到期日' });
    const ok = await t.api<{ Id: number }>(
      '/Resident/Save',
      {
        Name: '租客甲',
        Mobile: mobile,
        IdNo: '110101199003071234',
        Rooms: [{ RoomId: room, Role: 3, LeaseEnd: '2030-01-01' }],
      },
      admin,
    );
    expect(ok).toMatchObject({ ret: 0, msg: '保存成功' });
    expect((await roomStatus(room)).status).toBe(3);
    const [log] = await t.db.select().from(roomStatusLogs).where(eq(roomStatusLogs.roomId, room));
    expect(log).toMatchObject({ fromStatus: 0, toStatus: 3, source: 4 });
    const list = await t.api<Row[]>('/Resident/List', { Mobile: mobile }, admin);
    expect(list.data[0]!.Roles.map((r) => r.RoleName)).toEqual(['租户']);
    const got = await t.api<{ Birthday: string; Gender: number; Mobile: string }>(
      '/Resident/Get',
      { Id: ok.data.Id },
      admin,
    );
    expect(got.data).toMatchObject({ Birthday: '1990-03-07', Gender: 1, Mobile: mobile });
    expect((await t.api<{ StatusName: string }>('/Room/Get', { Id: room }, admin)).data.StatusName).toBe('已出租');
    const [a] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resident.add'), eq(auditLog.entityId, ok.data.Id)));
    expect(a).toBeDefined();
  });

  it('refuses duplicates, a second link to the room, family without owner, and a second primary owner', async () => {
    const room = await unsoldRoom();
    const mobile = newMobile();
    const first = await t.api<{ Id: number }>(
      '/Resident/Save',
      { Name: '张三', Mobile: mobile, IdNo: '110101198001011234', Rooms: [owner(room, { IsPrimary: 1 })] },
      admin,
    );
    expect(first.ret).toBe(0);
    const r = await roomStatus(room);
    expect(r.ownerResidentId).toBe(first.data.Id);
    expect(r.status).toBe(2);
    const dupMobile = await t.api<{ ResidentId: number }>(
      '/Resident/Save',
      { Name: '李四', Mobile: mobile, Rooms: [owner(room)] },
      admin,
    );
    expect(dupMobile).toMatchObject({ ret: 400, msg: '该手机号已登记为住户 张三，请直接关联房屋' });
    expect(dupMobile.data.ResidentId).toBe(first.data.Id);
    const dupId = await t.api(
      '/Resident/Save',
      { Name: '李四', Mobile: newMobile(), IdNo: '110101198001011234', Rooms: [owner(room)] },
      admin,
    );
    expect(dupId).toMatchObject({ ret: 400, msg: '该身份证号已登记为住户 张三' });
    const check = await t.api<{ Id: number; Name: string }>('/Resident/CheckDuplicate', { Mobile: mobile }, admin);
    expect(check.data).toMatchObject({ Id: first.data.Id, Name: '张三' });
    expect((await t.api('/Resident/CheckDuplicate', { Mobile: newMobile() }, admin)).data).toBeNull();
    const again = await t.api(
      '/Resident/Save',
      { Id: first.data.Id, Name: '张三', Mobile: mobile, Rooms: [owner(room, { IsPrimary: 1 }), owner(room)] },
      admin,
    );
    expect(again).toMatchObject({ ret: 400, msg: '该住户已关联此房屋' });
    const linkAgain = await t.api(
      '/Resident/Save',
      { Id: first.data.Id, Name: '张三', Mobile: mobile, Rooms: [owner(room)] },
      admin,
    );
    expect(linkAgain).toMatchObject({ ret: 400, msg: '该住户已关联此房屋' });
    const empty = await unsoldRoom();
    const family = await t.api(
      '/Resident/Save',
      { Name: '家属', Rooms: [{ RoomId: empty, Role: 2, Relation: '子女' }] },
      admin,
    );
    expect(family).toMatchObject({ ret: 400, msg: '该房间尚无业主，不能登记家属' });
    const child = await t.api(
      '/Resident/Save',
      { Name: '小张', Rooms: [{ RoomId: room, Role: 2, Relation: '子女' }] },
      admin,
    );
    expect(child.ret).toBe(0);
    const second = { Name: '王五', Mobile: newMobile(), Rooms: [owner(room, { IsPrimary: 1 })] };
    expect(await t.api('/Resident/Save', second, admin)).toMatchObject({ ret: 400, msg: '主业主只能有一位' });
    const moved = await t.api<{ Id: number }>('/Resident/Save', { ...second, MovePrimary: 1 }, admin);
    expect(moved.ret).toBe(0);
    expect((await roomStatus(room)).ownerResidentId).toBe(moved.data.Id);
    const links = await t.db.select().from(residentRooms).where(eq(residentRooms.roomId, room));
    expect(links.filter((l) => l.isPrimary && !l.moveOutDate)).toHaveLength(1);
  });

  it('acceptance 6: moving out the only resident — 已迁出, room 空置, history with the date, 删除 rows for faces', async () => {
    const room = await unsoldRoom();
    const mobile = newMobile();
    const saved = await t.api<{ Id: number }>(
      '/Resident/Save',
      { Name: '独住', Mobile: mobile, Rooms: [owner(room, { MoveInDate: '2025-01-01' })] },
      admin,
    );
    const id = saved.data.Id;
    expect((await roomStatus(room)).status).toBe(2);
    await t.db.execute(sql`insert into face_images (cmp_id, resident_id, img_path, width, height, bytes, sha256)
      values (1, ${id}, 'demo/x.jpg', 400, 400, 1000, 'x')`);
    await t.db.execute(sql`insert into face_syncs (cmp_id, face_id, resident_id, lane_id, op, state)
      select 1, f.id, f.resident_id, la.id, 1, 1 from face_images f cross join lanes la
      where f.resident_id = ${id} and la.has_face and la.community_id = ${sunny}`);
    const noMove = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'edit' }]);
    expect((await t.api('/Resident/MoveOut', { Id: id }, noMove)).ret).toBe(403);
    const r = await t.api('/Resident/MoveOut', { Id: id, MoveOutDate: '2026-01-15' }, admin);
    expect(r).toMatchObject({ ret: 0, msg: '迁出成功' });
    const list = await t.api<Row[]>('/Resident/List', { Mobile: mobile }, admin);
    expect(list.data[0]!.StatusName).toBe('已迁出');
    const rm = await roomStatus(room);
    expect(rm.status).toBe(1);
    expect(rm.ownerResidentId).toBeNull();
    const hist = await t.api<{ MoveOutDate: string; Current: boolean }[]>(
      '/Resident/ByRoom',
      { RoomId: room, IncludeHistory: 1 },
      admin,
    );
    expect(hist.data[0]).toMatchObject({ MoveOutDate: '2026-01-15', Current: false });
    expect((await t.api<unknown[]>('/Resident/ByRoom', { RoomId: room }, admin)).data).toHaveLength(0);
    const del = await t.db
      .select()
      .from(faceSyncs)
      .where(and(eq(faceSyncs.residentId, id), eq(faceSyncs.op, 2)));
    expect(del).toHaveLength(3);
    expect(await t.api('/Resident/MoveOut', { Id: id }, admin)).toMatchObject({
      ret: 400,
      msg: '该住户没有可迁出的房屋',
    });
    // Coming back makes him 在住 again.
    const back = await t.api('/Resident/Save', { Id: id, Name: '独住', Mobile: mobile, Rooms: [owner(room)] }, admin);
    expect(back.ret).toBe(0);
    expect((await t.api<Row[]>('/Resident/List', { Mobile: mobile }, admin)).data[0]!.StatusName).toBe('在住');
    // …and his face goes back to the lanes (sent to the fake device), the 删除 rows void.
    const again = await t.db.select().from(faceSyncs).where(eq(faceSyncs.residentId, id));
    expect(again.filter((r) => r.op === 2)).toHaveLength(0);
    expect(again.filter((r) => r.op === 1 && r.state === 1)).toHaveLength(3);
    expect(t.faceDevice.tasks.filter((x) => x.residentId === id && x.op === 'add')).toHaveLength(3);
  });

  it('acceptance 9: delete only a mistaken entry; a resident with history is refused', async () => {
    const room = await unsoldRoom();
    const s = await t.api<{ Id: number }>(
      '/Resident/Save',
      { Name: '误录', Mobile: newMobile(), Rooms: [owner(room)] },
      admin,
    );
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'edit' }]);
    expect((await t.api('/Resident/Delete', { Id: s.data.Id }, clerk)).ret).toBe(403);
    expect(await t.api('/Resident/Delete', { Id: s.data.Id }, admin)).toMatchObject({ ret: 0, msg: '删除成功' });
    expect((await roomStatus(room)).status).toBe(1);
    expect(await t.api('/Resident/Get', { Id: s.data.Id }, admin)).toMatchObject({ ret: 404, msg: '数据不存在' });
    // A moved-out tenant without payments, cars or cards: the refusal names what really blocks it, and no 迁出.
    const out = await t.api<Row[]>('/Resident/List', { Status: 2, PgSize: 1 }, admin);
    expect(await t.api('/Resident/Delete', { Id: out.data[0]!.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '该住户已迁出，其居住记录保留在房屋历史中，不能删除',
    });
  });

  it('tags: save, set on residents (add/replace), refuse deleting one in use', async () => {
    const tag = await t.api<{ Id: number }>('/ResidentTag/Save', { Name: '新业主群' }, admin);
    expect(tag.ret).toBe(0);
    expect(await t.api('/ResidentTag/Save', { Name: '新业主群' }, admin)).toMatchObject({
      ret: 400,
      msg: '标签名称已存在',
    });
    expect(await t.api('/ResidentTag/Save', { Name: '一二三四五六七八九' }, admin)).toMatchObject({
      ret: 400,
      msg: '标签名称不能超过8个字符',
    });
    const some = await t.api<Row[]>('/Resident/List', { Role: 1, PgSize: 2 }, admin);
    const ids = some.data.map((r) => r.Id);
    expect(await t.api('/Resident/SetTags', { Ids: ids, TagIds: [tag.data.Id] }, admin)).toMatchObject({ ret: 0 });
    expect((await t.api('/Resident/List', { TagId: tag.data.Id }, admin)).count).toBe(2);
    expect(await t.api('/ResidentTag/Delete', { Id: tag.data.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '该标签正在使用',
    });
    await t.api('/Resident/SetTags', { Ids: ids, TagIds: [], Mode: 'replace' }, admin);
    expect(await t.api('/ResidentTag/Delete', { Id: tag.data.Id }, admin)).toMatchObject({ ret: 0 });
  });
});

describe('待审核', () => {
  it('acceptance 3: a submission reaches zhgl_zhgl holders as MsgType 8; 通过 creates the resident and clears it', async () => {
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'add' }]);
    const outsider = await clerkWith(t, admin, [{ RoleKey: 'fcgl_fjgl', Btn: 'add' }]);
    const occupied = await t.db
      .select({ id: rooms.id, roomNo: rooms.roomNo })
      .from(rooms)
      .where(and(eq(rooms.communityId, sunny), eq(rooms.status, 2)))
      .orderBy(rooms.id)
      .limit(1);
    const room = occupied[0]!;
    const mobile = newMobile();
    const body = { RoomId: room.id, AppUserId: 777, Name: '王芳', Mobile: mobile, Role: 2, Relation: '子女' };
    expect(await t.api('/Registration/Submit', { ...body, Mobile: '1380013800' }, admin)).toMatchObject({
      ret: 400,
      msg: '手机号格式不正确，请重新输入',
    });
    const sub = await t.api<{ Id: number }>('/Registration/Submit', body, admin);
    expect(sub.ret).toBe(0);
    expect(await t.api('/Registration/Submit', body, admin)).toMatchObject({ ret: 400, msg: '您已提交过该房屋的申请' });
    const msgs = await t.db
      .select()
      .from(sysMessages)
      .where(and(eq(sysMessages.msgType, 8), eq(sysMessages.sourceId, sub.data.Id)));
    expect(msgs.length).toBeGreaterThanOrEqual(2);
    expect(msgs[0]!.title).toBe(`新的住户认证申请：王芳 申请 1栋-${room.roomNo} 家属`);
    const accountOf = async (token: string) =>
      (await t.api<{ UserAccount: string }>('/user/GetInfo', {}, token)).data.UserAccount;
    const idOf = async (token: string) =>
      (
        await t.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.account, await accountOf(token)))
      )[0]!.id;
    const receivers = msgs.map((m) => m.userId);
    expect(receivers).toContain(await idOf(clerk));
    expect(receivers).not.toContain(await idOf(outsider));

    const pending = await t.api<{ Id: number; Compare: string; StatusName: string; Mobile: string }[]>(
      '/Registration/List',
      { PgSize: 50 },
      admin,
    );
    expect(pending.count).toBe(6);
    const row = pending.data.find((r) => r.Id === sub.data.Id)!;
    expect(row.StatusName).toBe('待审核');
    expect(row.Compare).toMatch(/^房屋已有业主 /);
    expect((await t.api<{ Count: number }>('/Registration/PendingCount', {}, admin)).data.Count).toBe(6);

    expect((await t.api('/Registration/Approve', { Ids: [sub.data.Id] }, clerk)).ret).toBe(403);
    expect(await t.api('/Registration/Approve', { Ids: [sub.data.Id] }, admin)).toMatchObject({
      ret: 0,
      msg: '审核通过',
    });
    const list = await t.api<Row[]>('/Resident/List', { Mobile: mobile }, admin);
    expect(list.data[0]).toMatchObject({ Name: '王芳', SourceName: '业主APP' });
    expect(list.data[0]!.Roles.map((r) => r.RoleName)).toEqual(['家属']);
    const unread = await t.db
      .select()
      .from(sysMessages)
      .where(and(eq(sysMessages.msgType, 8), eq(sysMessages.sourceId, sub.data.Id), eq(sysMessages.isRead, false)));
    expect(unread).toHaveLength(0);
    expect(await t.api('/Registration/Approve', { Ids: [sub.data.Id] }, admin)).toMatchObject({
      ret: 400,
      msg: '该申请已由 系统管理员 处理',
    });
  });

  it('acceptance 4: 驳回 needs a reason; the reason is kept; batch approve of the demo queue', async () => {
    const pending = await t.api<{ Id: number }[]>('/Registration/List', {}, admin);
    const [one, ...rest] = pending.data.map((r) => r.Id);
    expect(await t.api('/Registration/Reject', { Id: one, Reason: '' }, admin)).toMatchObject({
      ret: 400,
      msg: '请填写驳回原因',
    });
    expect(await t.api('/Registration/Reject', { Id: one, Reason: 'x'.repeat(101) }, admin)).toMatchObject({
      ret: 400,
    });
    expect(await t.api('/Registration/Reject', { Id: one, Reason: '材料不清晰' }, admin)).toMatchObject({ ret: 0 });
    const rejected = await t.api<{ Id: number; RejectReason: string }[]>('/Registration/List', { Status: 2 }, admin);
    expect(rejected.data.find((r) => r.Id === one)!.RejectReason).toBe('材料不清晰');
    expect(await t.api('/Registration/Approve', { Ids: rest }, admin)).toMatchObject({ ret: 0 });
    expect((await t.api<{ Count: number }>('/Registration/PendingCount', {}, admin)).data.Count).toBe(0);
  });
});
