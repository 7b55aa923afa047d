import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { buildings, communities, departments, rooms } from '../../db/schema';

/** Test helpers of the properties area (not a test file itself). */
export async function communityId(t: TestApp, name: string): Promise<number> {
  const [c] = await t.db.select({ id: communities.id }).from(communities).where(eq(communities.name, name));
  return c!.id;
}

export async function buildingId(t: TestApp, community: string, name: string): Promise<number> {
  const [b] = await t.db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.communityId, await communityId(t, community)), eq(buildings.name, name)));
  return b!.id;
}

/** The room by its stored full name in a community ('6栋-1单元-101'). */
export async function roomId(t: TestApp, community: string, fullName: string): Promise<number> {
  const [r] = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.communityId, await communityId(t, community)), eq(rooms.fullName, fullName)));
  return r!.id;
}

let seq = 0;
/** A position with exactly these rights and a member who signs in; answers his token. */
export async function clerkWith(
  t: TestApp,
  admin: string,
  rights: { RoleKey: string; Btn: string }[],
  communityIds: number[] | 'all' = 'all',
): Promise<string> {
  seq += 1;
  const pos = await t.api<number>('/Position/Save', { Id: 0, Name: `测试岗位${seq}`, Rights: rights }, admin);
  if (pos.ret !== 0) throw new Error(pos.msg);
  const [dpt] = await t.db.select({ id: departments.id }).from(departments).where(eq(departments.name, '客服中心'));
  const account = `clerk${seq}${Math.floor(Math.random() * 1e4)}`;
  const r = await t.api(
    '/user/StaffSave',
    {
      UserAccount: account,
      UserName: `测试员${seq}`,
      Phone: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      DptId: dpt!.id,
      PositionIds: [pos.data],
      AllCommunity: communityIds === 'all' ? 1 : 0,
      CommunityIds: communityIds === 'all' ? [] : communityIds,
      Password: 'Clerk2026',
      ConfirmPwd: 'Clerk2026',
    },
    admin,
  );
  if (r.ret !== 0) throw new Error(r.msg);
  return t.login(account, 'Clerk2026');
}
