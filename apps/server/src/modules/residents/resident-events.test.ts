import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { residentRooms, residents, rooms } from '../../db/schema';
import { communityId } from '../properties/test-helpers';
import {
  addHistoryCheck,
  type MovedOut,
  onRegistrationReviewed,
  onResidentMovedOut,
  type RegistrationReviewed,
} from './resident-events';

let t: TestApp;
let admin: string;
let sunny: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

let seq = 0;
/** A new owner of a fresh 未售 room of 阳光花园. */
async function newOwner(): Promise<{ id: number; room: number }> {
  const free = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.communityId, sunny), eq(rooms.status, 0)))
    .orderBy(rooms.id);
  seq += 1;
  const room = free[seq]!.id;
  const mobile = `1771111${String(1000 + seq).padStart(4, '0')}`;
  const s = await t.api<{ Id: number }>(
    '/Resident/Save',
    { Name: `钩子${seq}`, Mobile: mobile, Rooms: [{ RoomId: room, Role: 1 }] },
    admin,
  );
  expect(s.ret, s.msg).toBe(0);
  return { id: s.data.Id, room };
}

describe('resident events: how fees, parking, cards and the owner app take part', () => {
  it('a history check of another area refuses the delete; without it the same resident can be deleted', async () => {
    const { id } = await newOwner();
    const off = addHistoryCheck(async (_tx, _cmp, residentId) => residentId === id);
    try {
      expect(await t.api('/Resident/Delete', { Id: id }, admin)).toMatchObject({
        ret: 400,
        msg: '该住户已有缴费记录/车辆/门禁卡，不能删除，请使用迁出',
      });
      expect((await t.db.select().from(residents).where(eq(residents.id, id)))[0]!.isDeleted).toBe(false);
    } finally {
      off();
    }
    expect(await t.api('/Resident/Delete', { Id: id }, admin)).toMatchObject({ ret: 0 });
  });

  it('move-out tells the access area whether to cancel cards (同时注销门禁卡), and its failure undoes the move-out', async () => {
    const seen: MovedOut[] = [];
    const off = onResidentMovedOut(async (_tx, e) => {
      seen.push(e);
    });
    try {
      const a = await newOwner();
      expect((await t.api('/Resident/MoveOut', { Id: a.id }, admin)).ret).toBe(0);
      const b = await newOwner();
      expect((await t.api('/Resident/MoveOut', { Id: b.id, RevokeCards: 0 }, admin)).ret).toBe(0);
      expect(seen.map((e) => [e.residentId, e.revokeCards, e.roomIds])).toEqual([
        [a.id, true, [a.room]],
        [b.id, false, [b.room]],
      ]);
    } finally {
      off();
    }

    const c = await newOwner();
    const failing = onResidentMovedOut(async () => {
      throw new Error('card gateway down');
    });
    try {
      expect((await t.api('/Resident/MoveOut', { Id: c.id }, admin)).ret).not.toBe(0);
    } finally {
      failing();
    }
    const [link] = await t.db.select().from(residentRooms).where(eq(residentRooms.residentId, c.id));
    expect(link!.moveOutDate).toBeNull();
  });

  it('approving and rejecting a registration tell the owner app who applied', async () => {
    const seen: RegistrationReviewed[] = [];
    const off = onRegistrationReviewed(async (_tx, e) => {
      seen.push(e);
    });
    try {
      const { room } = await newOwner();
      const apply = async (appUserId: number, mobile: string) => {
        const body = { RoomId: room, AppUserId: appUserId, Name: '申请人', Mobile: mobile, Role: 2, Relation: '子女' };
        const sub = await t.api<{ Id: number }>('/Registration/Submit', body, admin);
        expect(sub.ret, sub.msg).toBe(0);
        return sub.data.Id;
      };
      const yes = await apply(8801, '17722220001');
      const no = await apply(8802, '17722220002');
      expect((await t.api('/Registration/Approve', { Ids: [yes] }, admin)).ret).toBe(0);
      expect((await t.api('/Registration/Reject', { Id: no, Reason: '材料不全' }, admin)).ret).toBe(0);
      expect(seen.map((e) => [e.registrationId, e.appUserId, e.status, e.reason])).toEqual([
        [yes, 8801, 1, null],
        [no, 8802, 2, '材料不全'],
      ]);
      expect(seen[0]!.residentId).toBeGreaterThan(0);
    } finally {
      off();
    }
  });
});
