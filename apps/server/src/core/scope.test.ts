import qs from 'node:querystring';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { zId } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { communities } from '../db/schema';
import { call, registerCalls } from './calls';
import { registerErrorHandlers } from './error-handler';
import { assertCommunity, inScope } from './scope';

/**
 * Data scope is one mechanism: these probe calls use it exactly as a community-scoped module does (a list filtered by
 * `inScope`, a get-by-id guarded by `assertCommunity`), on the real app's database and sessions.
 */
const probes = [
  call({
    path: '/Probe/CommunityList',
    role: 'fcgl_xqgl',
    reads: true,
    handler: async (_b, { deps, auth }) =>
      deps.database.db
        .select({ Id: communities.id, Name: communities.name })
        .from(communities)
        .where(and(eq(communities.cmpId, auth.cmpId), inScope(auth, communities.id)))
        .orderBy(communities.id),
  }),
  call({
    path: '/Probe/CommunityGet',
    role: 'fcgl_xqgl',
    reads: true,
    body: z.object({ Id: zId() }),
    handler: async (b, { deps, auth }) => {
      await assertCommunity(deps.database.db, auth, b.Id);
      const [row] = await deps.database.db.select().from(communities).where(eq(communities.id, b.Id));
      return { Id: row!.id, Name: row!.name };
    },
  }),
];

let t: TestApp;
let probe: ReturnType<typeof Fastify>;
let ids: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  probe = Fastify({ logger: false });
  await probe.register(formbody, { parser: (s: string) => qs.parse(s) });
  await probe.register(multipart);
  registerErrorHandlers(probe);
  registerCalls(probe, t.deps, probes);
  await probe.ready();
  ids = new Map((await t.db.select().from(communities)).map((c) => [c.name, c.id]));
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

async function ask<T>(path: string, body: Record<string, unknown>, token: string) {
  const res = await probe.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  return res.json() as { ret: number; msg: string; data: T };
}

describe('data scope', () => {
  it('GetInfo names the communities a person serves', async () => {
    const pm = await t.login('xmjl1', 'Linli@123');
    const info = (await t.api<{ AllCommunity: boolean; CommunityIds: number[] }>('/user/GetInfo', {}, pm)).data;
    expect(info).toEqual(expect.objectContaining({ AllCommunity: false, CommunityIds: [ids.get('翠湖天地')] }));
    const admin = await t.login('admin', 'Admin@123');
    const all = (await t.api<{ AllCommunity: boolean; CommunityIds: number[] }>('/user/GetInfo', {}, admin)).data;
    expect(all.AllCommunity).toBe(true);
    expect(all.CommunityIds.sort()).toEqual([...ids.values()].sort());
  });

  it('a list shows only the communities in scope', async () => {
    const pm = await t.login('xmjl1', 'Linli@123');
    expect((await ask<{ Name: string }[]>('/Probe/CommunityList', {}, pm)).data.map((c) => c.Name)).toEqual([
      '翠湖天地',
    ]);
    expect((await t.api<{ Name: string }[]>('/Community/Options', {}, pm)).data.map((c) => c.Name)).toEqual([
      '翠湖天地',
    ]);
    const admin = await t.login('admin', 'Admin@123');
    expect((await ask<unknown[]>('/Probe/CommunityList', {}, admin)).data).toHaveLength(2);
  });

  it('a get-by-id outside the scope answers 数据不存在', async () => {
    const pm = await t.login('xmjl1', 'Linli@123');
    expect(await ask('/Probe/CommunityGet', { Id: ids.get('翠湖天地') }, pm)).toMatchObject({ ret: 0 });
    expect(await ask('/Probe/CommunityGet', { Id: ids.get('阳光花园') }, pm)).toMatchObject({
      ret: 404,
      msg: '数据不存在',
    });
    expect(await ask('/Probe/CommunityGet', { Id: 987654 }, pm)).toMatchObject({ ret: 404, msg: '数据不存在' });
  });

  it('a change of communities binds the next call', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const pm = await t.login('xmjl1', 'Linli@123');
    const list = await t.api<{ Id: number; PositionIds: number[]; DptId: number; Phone: string }[]>(
      '/user/StaffList',
      { Keyword: 'xmjl1' },
      admin,
    );
    const me = list.data[0]!;
    const r = await t.api(
      '/user/StaffSave',
      { ...me, UserName: '周经理', AllCommunity: 0, CommunityIds: [ids.get('阳光花园')] },
      admin,
    );
    expect(r.ret).toBe(0);
    expect((await ask<{ Name: string }[]>('/Probe/CommunityList', {}, pm)).data.map((c) => c.Name)).toEqual([
      '阳光花园',
    ]);
  });

  it('the staff list filters by the community served', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const staff = await t.api<{ UserAccount: string }[]>(
      '/user/StaffList',
      { CommunityId: ids.get('翠湖天地'), PgSize: 100 },
      admin,
    );
    const names = staff.data.map((s) => s.UserAccount);
    // The administrator serves all; xmjl1 was moved to 阳光花园 above.
    expect(names).toContain('admin');
    expect(names).toContain('kefu1');
    expect(names).not.toContain('xmjl1');
  });

  it('nobody grants a community outside his own scope', async () => {
    // A staff manager who serves only 翠湖天地 cannot hand out 阳光花园 or 全部小区.
    const admin = await t.login('admin', 'Admin@123');
    const ps = await t.api<{ Id: number; Name: string }[]>('/Position/GetList', {}, admin);
    const hrPos = await t.api<number>(
      '/Position/Save',
      { Name: '人事', Rights: [{ RoleKey: 'yggl_yggl', Btn: 'add,edit' }] },
      admin,
    );
    const kefu = (await t.api<{ Id: number; DptId: number }[]>('/user/StaffList', { Keyword: 'kefu1' }, admin))
      .data[0]!;
    await t.api(
      '/user/StaffSave',
      {
        UserAccount: 'renshi1',
        UserName: '人事甲',
        Phone: '13955556666',
        DptId: kefu.DptId,
        PositionIds: [hrPos.data],
        CommunityIds: [ids.get('翠湖天地')],
        Password: 'Renshi2026',
        ConfirmPwd: 'Renshi2026',
      },
      admin,
    );
    const hr = await t.login('renshi1', 'Renshi2026');
    const body = {
      UserAccount: 'renshi2',
      UserName: '人事乙',
      Phone: '13955556667',
      DptId: kefu.DptId,
      PositionIds: [ps.data.find((p) => p.Name === '秩序员')!.Id],
      Password: 'Renshi2026',
      ConfirmPwd: 'Renshi2026',
    };
    expect((await t.api('/user/StaffSave', { ...body, CommunityIds: [ids.get('阳光花园')] }, hr)).msg).toBe(
      '只能选择自己负责的小区',
    );
    expect((await t.api('/user/StaffSave', { ...body, AllCommunity: 1 }, hr)).msg).toBe('只能选择自己负责的小区');
    const sys = ps.data.find((p) => p.Name === '超级管理员')!.Id;
    const lift = await t.api(
      '/user/StaffSave',
      { ...body, PositionIds: [sys], CommunityIds: [ids.get('翠湖天地')] },
      hr,
    );
    expect(lift.msg).toBe('只有企业管理员可以授予超级管理员岗位');
    expect((await t.api('/user/StaffSave', { ...body, CommunityIds: [ids.get('翠湖天地')] }, hr)).ret).toBe(0);
    // Nor may he take over the administrator by changing his phone.
    const adminRow = (
      await t.api<{ Id: number; DptId: number; PositionIds: number[] }[]>(
        '/user/StaffList',
        { Keyword: 'admin' },
        admin,
      )
    ).data[0]!;
    const takeover = await t.api(
      '/user/StaffSave',
      {
        Id: adminRow.Id,
        UserName: '系统管理员',
        Phone: '13955550000',
        DptId: adminRow.DptId,
        PositionIds: adminRow.PositionIds,
        CommunityIds: [ids.get('翠湖天地')],
      },
      hr,
    );
    expect(takeover).toMatchObject({ ret: 403, msg: '不能管理拥有全部权限的账号' });
  });
});
