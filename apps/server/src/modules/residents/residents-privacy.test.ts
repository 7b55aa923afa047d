import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { residentRooms, residents, rooms } from '../../db/schema';
import { communityId } from '../properties/test-helpers';
import { addHistoryCheck } from './resident-events';

/** issue 11.9 and the clerk's findings: scope within a company, personal data only where needed, honest refusals. */
let t: TestApp;
let admin: string;
let xmjl1: string;
let cashier: string;
let sunny: number;
let lake: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  xmjl1 = await t.login('xmjl1', 'Linli@123');
  cashier = await t.login('cashier', 'Cashier@123');
  sunny = await communityId(t, '阳光花园');
  lake = await communityId(t, '翠湖天地');
});
afterAll(() => t.close());

/** A resident living in 阳光花园 only, with a mobile and an ID number. */
async function sunnyOnlyResident() {
  const [r] = await t.db
    .select({ id: residents.id, name: residents.name, mobile: residents.mobile, idNo: residents.idNo })
    .from(residents)
    .innerJoin(residentRooms, eq(residentRooms.residentId, residents.id))
    .where(
      and(
        eq(residentRooms.communityId, sunny),
        isNull(residentRooms.moveOutDate),
        sql`${residents.mobile} <> '' and ${residents.idNo} <> ''`,
        sql`not exists (select 1 from resident_rooms o where o.resident_id = ${residents.id} and o.community_id <> ${sunny})`,
      ),
    )
    .limit(1);
  return r!;
}

async function lakeRoom() {
  const [r] = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.communityId, lake))
    .orderBy(rooms.id)
    .limit(1);
  return r!.id;
}

const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(residents))[0]!.n;

describe('住户 scope within a company (issue 11.9)', () => {
  it('CheckDuplicate and Save do not tell xmjl1 (翠湖天地 only) who in 阳光花园 holds a number', async () => {
    const other = await sunnyOnlyResident();
    for (const body of [{ Mobile: other.mobile }, { IdNo: other.idNo }]) {
      const seen = await t.api('/Resident/CheckDuplicate', body, xmjl1);
      expect(seen).toMatchObject({ ret: 0, data: null });
      // The administrator, who serves 阳光花园, is told who it is.
      expect((await t.api<{ Id: number }>('/Resident/CheckDuplicate', body, admin)).data.Id).toBe(other.id);
    }
    const before = await count();
    const saved = await t.api<{ ResidentId?: number }>(
      '/Resident/Save',
      { Name: '重复者', Mobile: other.mobile, Rooms: [{ RoomId: await lakeRoom(), Role: 1 }] },
      xmjl1,
    );
    expect(saved).toMatchObject({ ret: 400, msg: '该手机号已登记为其他小区的住户，请联系管理员关联房屋' });
    expect(JSON.stringify(saved)).not.toContain(other.name);
    expect(saved.data?.ResidentId).toBeUndefined();
    expect(await count()).toBe(before);
  });

  it('Resident/Options answers only positions with a resident picker, only their communities, numbers masked', async () => {
    expect(await t.api('/Resident/Options', { Keyword: '1' }, cashier)).toMatchObject({ ret: 403 });
    // 秩序员 issues 业主卡 on 卡片管理: the holder picker answers him.
    const guard = await t.login('baoan1', 'Linli@123');
    const held = await t.api<{ Mobile: string }[]>('/Resident/Options', { Keyword: '王' }, guard);
    expect(held.ret, held.msg).toBe(0);
    expect(held.data.length).toBeGreaterThan(0);
    expect(held.data[0]!.Mobile).toMatch(/\*{4}/);
    // The 发卡 form has chosen 阳光花园: only residents living there; a community he does not serve is no answer.
    const sunnyOnly = await t.api<{ Rooms: string[] }[]>(
      '/Resident/Options',
      { Keyword: '王', CommunityId: sunny },
      guard,
    );
    const lakeOnly = await t.api<{ Rooms: string[] }[]>(
      '/Resident/Options',
      { Keyword: '王', CommunityId: lake },
      guard,
    );
    expect(sunnyOnly.data.length * lakeOnly.data.length).toBeGreaterThan(0);
    for (const r of sunnyOnly.data) expect(r.Rooms.some((room) => room.startsWith('阳光花园'))).toBe(true);
    for (const r of lakeOnly.data) expect(r.Rooms.some((room) => room.startsWith('翠湖天地'))).toBe(true);
    expect((await t.api('/Resident/Options', { CommunityId: sunny }, xmjl1)).ret).toBe(404);
    const mine = await t.api<{ Id: number; Mobile: string; Rooms: string[] }[]>('/Resident/Options', {}, xmjl1);
    expect(mine.ret).toBe(0);
    expect(mine.data.length).toBeGreaterThan(0);
    for (const r of mine.data) {
      expect(r.Rooms.every((room) => room.startsWith('翠湖天地'))).toBe(true);
      if (r.Mobile) expect(r.Mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    }
    const other = await sunnyOnlyResident();
    const probe = await t.api<{ Id: number }[]>('/Resident/Options', { Keyword: other.mobile }, xmjl1);
    expect(probe.data.map((r) => r.Id)).not.toContain(other.id);
    const full = await t.api<{ Mobile: string }[]>('/Resident/Options', { Keyword: other.mobile }, admin);
    expect(full.data[0]!.Mobile).toBe(`${other.mobile.slice(0, 3)}****${other.mobile.slice(-4)}`);
  });

  it('the 待审核 比对 names no resident of a community the reviewer does not serve', async () => {
    const other = await sunnyOnlyResident();
    const room = await lakeRoom();
    const sub = await t.api<{ Id: number }>(
      '/Registration/Submit',
      { RoomId: room, AppUserId: 99_001, Name: '申请人', Mobile: other.mobile, Role: 1 },
      admin,
    );
    expect(sub.ret, sub.msg).toBe(0);
    type Reg = { Id: number; Compare: string; Mobile: string };
    const seenBy = async (token: string) =>
      (await t.api<Reg[]>('/Registration/List', { PgSize: 100 }, token)).data.find((r) => r.Id === sub.data.Id)!;
    expect((await seenBy(admin)).Compare).toBe(`手机号已登记为 ${other.name}`);
    const row = await seenBy(xmjl1);
    expect(row.Compare).not.toContain(other.name);
    expect(row.Mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
  });
});

describe('住户 Delete names what blocks it', () => {
  let used = 0;
  async function unsoldSunnyRoom() {
    used += 1;
    const [room] = await t.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.communityId, sunny), eq(rooms.status, 0)))
      .orderBy(rooms.id)
      .offset(used)
      .limit(1);
    return room!.id;
  }
  let mobileSeq = 0;
  async function owner(name: string) {
    const room = await unsoldSunnyRoom();
    // 1760000…: a range no demo resident uses (a random 1390000… collided with a demo mobile now and then).
    const mobile = `1760000${String((mobileSeq += 1)).padStart(4, '0')}`;
    const s = await t.api<{ Id: number }>(
      '/Resident/Save',
      { Name: name, Mobile: mobile, Rooms: [{ RoomId: room, Role: 1 }] },
      admin,
    );
    expect(s.ret, s.msg).toBe(0);
    return s.data.Id;
  }

  it('a living resident with a past room, and one another area names, are told 请使用迁出', async () => {
    const id = await owner('两处房');
    const second = await unsoldSunnyRoom();
    const got = await t.api<{ Rooms: { Id: number; RoomId: number; Role: number }[] }>(
      '/Resident/Get',
      { Id: id },
      admin,
    );
    const linked = await t.api(
      '/Resident/Save',
      {
        Id: id,
        Name: '两处房',
        Mobile: (await t.db.select().from(residents).where(eq(residents.id, id)))[0]!.mobile,
        Rooms: [
          ...got.data.Rooms.map((r) => ({ Id: r.Id, RoomId: r.RoomId, Role: r.Role })),
          { RoomId: second, Role: 1 },
        ],
      },
      admin,
    );
    expect(linked.ret, linked.msg).toBe(0);
    const links = await t.db.select().from(residentRooms).where(eq(residentRooms.residentId, id));
    expect((await t.api('/Resident/MoveOut', { Id: id, LinkIds: [links[0]!.id] }, admin)).ret).toBe(0);
    expect(await t.api('/Resident/Delete', { Id: id }, admin)).toMatchObject({
      ret: 400,
      msg: '该住户已有迁出记录，不能删除，请使用迁出',
    });

    const fresh = await owner('有车');
    const off = addHistoryCheck(async (_tx, _cmp, residentId) => (residentId === fresh ? '车辆' : false));
    try {
      expect(await t.api('/Resident/Delete', { Id: fresh }, admin)).toMatchObject({
        ret: 400,
        msg: '该住户已有车辆，不能删除，请使用迁出',
      });
    } finally {
      off();
    }
  });
});
