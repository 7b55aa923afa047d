import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fn = { Path: string; Title: string };

describe('常用功能', () => {
  it('offers only the screens the person may open', async () => {
    const token = await t.login('cashier', 'Cashier@123');
    const r = await t.api<{ Options: Fn[]; Selected: Fn[] }>('/MyDeskTop/GetRoleFunction', {}, token);
    const paths = r.data.Options.map((o) => o.Path);
    expect(paths).toContain('/chargemanage/paycost');
    expect(paths).not.toContain('/chargemanage/itemlist');
    expect(paths.every((p) => p.startsWith('/chargemanage/'))).toBe(true);
    expect(r.data.Selected).toEqual([]);
  });

  it('saves the order chosen and refuses a screen the person may not open', async () => {
    const token = await t.login('cashier', 'Cashier@123');
    const refused = await t.api('/MyDeskTop/UpdateOftenFunc', { Paths: ['/personnel/management'] }, token);
    expect(refused).toMatchObject({ ret: 400, msg: '所选功能不存在或没有权限' });
    const ok = await t.api(
      '/MyDeskTop/UpdateOftenFunc',
      { Paths: ['/chargemanage/payrec', '/chargemanage/paycost'] },
      token,
    );
    expect(ok.ret).toBe(0);
    const r = await t.api<{ Selected: Fn[] }>('/MyDeskTop/GetRoleFunction', {}, token);
    expect(r.data.Selected.map((s) => s.Path)).toEqual(['/chargemanage/payrec', '/chargemanage/paycost']);
  });

  it('allows at most 12', async () => {
    const token = await t.login('admin', 'Admin@123');
    const options = (await t.api<{ Options: Fn[] }>('/MyDeskTop/GetRoleFunction', {}, token)).data.Options;
    const thirteen = options.slice(0, 13).map((o) => o.Path);
    expect(thirteen).toHaveLength(13);
    expect((await t.api('/MyDeskTop/UpdateOftenFunc', { Paths: thirteen }, token)).msg).toBe('最多设置12个常用功能');
    expect((await t.api('/MyDeskTop/UpdateOftenFunc', { Paths: thirteen.slice(0, 12) }, token)).ret).toBe(0);
  });
});

describe('personal preferences', () => {
  it('answers defaults, then what was saved', async () => {
    const token = await t.login('service', 'Service@123');
    const before = await t.api('/Custom/GetCustomInfo', {}, token);
    expect(before.data).toEqual({
      Size: 'medium',
      PageSize: 20,
      TagsView: true,
      SidebarOpened: true,
      Sound: true,
      DefaultCommunityId: 0,
    });
    const saved = await t.api(
      '/Custom/SaveSelfCustom',
      { Size: 'small', PageSize: 50, TagsView: 'false', SidebarOpened: 'true', Sound: '0', DefaultCommunityId: 0 },
      token,
    );
    expect(saved.ret).toBe(0);
    const after = await t.api('/Custom/GetCustomInfo', {}, token);
    expect(after.data).toMatchObject({ Size: 'small', PageSize: 50, TagsView: false, Sound: false });
  });

  it('refuses a page size outside 10/20/50/100', async () => {
    const token = await t.login('service', 'Service@123');
    const r = await t.api('/Custom/SaveSelfCustom', { PageSize: 30 }, token);
    expect(r).toMatchObject({ ret: 400, msg: '每页条数不正确' });
  });
});
