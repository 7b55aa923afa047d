import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password sign-in', () => {
  it('answers a token for the right password and accepts the username/password reading', async () => {
    const a = await t.api<string>('/user/Login', { UserAccount: 'admin', UserPwd: 'Admin@123' });
    expect(a).toMatchObject({ ret: 0, msg: '登录成功' });
    expect(a.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const b = await t.api<string>('/user/Login', { username: 'cashier', password: 'Cashier@123' });
    expect(b.ret).toBe(0);
  });

  it('trims the account name and ignores its case', async () => {
    const r = await t.api<string>('/user/Login', { UserAccount: '  Service ', UserPwd: 'Service@123' });
    expect(r.ret).toBe(0);
  });

  it('names the missing fields', async () => {
    const r = await t.api('/user/Login', {});
    expect(r.ret).toBe(400);
    expect(r.data).toEqual({ Errors: { UserAccount: '请输入账号', UserPwd: '请输入密码' } });
  });

  it('counts down the tries left, locks on the fifth wrong password for 15 minutes', async () => {
    const wrong = () => t.api('/user/Login', { UserAccount: 'kefu1', UserPwd: 'nope-1234' });
    expect((await wrong()).msg).toBe('账号或密码错误，还可尝试4次');
    await wrong();
    await wrong();
    expect((await wrong()).msg).toBe('账号或密码错误，还可尝试1次');
    const fifth = await wrong();
    expect(fifth).toMatchObject({ ret: 423, msg: '密码错误次数过多，账号已锁定，请15分钟后再试或联系管理员解锁' });
    // Locked: even the right password is refused.
    const right = await t.api('/user/Login', { UserAccount: 'kefu1', UserPwd: 'Linli@123' });
    expect(right.ret).toBe(423);
    t.advance(15 * 60_000 + 1000);
    expect((await t.api('/user/Login', { UserAccount: 'kefu1', UserPwd: 'Linli@123' })).ret).toBe(0);
  });

  it('does not tell an unknown account from a wrong password by count', async () => {
    const r = await t.api('/user/Login', { UserAccount: 'nobody', UserPwd: 'x' });
    expect(r).toMatchObject({ ret: 400, msg: '账号或密码错误，还可尝试4次' });
  });

  it('refuses a disabled account', async () => {
    const r = await t.api('/user/Login', { UserAccount: 'tingyong1', UserPwd: 'Linli@123' });
    expect(r).toMatchObject({ ret: 403, msg: '账号已停用，请联系管理员' });
  });
});

describe('sessions', () => {
  it('GetInfo derives Access and Buttons from the positions', async () => {
    const token = await t.login('cashier', 'Cashier@123');
    const r = await t.api<Record<string, unknown>>('/user/GetInfo', {}, token);
    expect(r.ret).toBe(0);
    const info = r.data as { Access: string[]; Buttons: { CtlName: string; Btn: string }[]; UserName: string };
    expect(info).toMatchObject({
      UserName: '陈收银',
      UserAccount: 'cashier',
      IsAdmin: false,
      PositionNames: ['收费员'],
    });
    expect(info.Access[0]).toBe('dashboard');
    expect(info.Access).toEqual(expect.arrayContaining(['sfgl', 'sfgl_jft', 'sfgl_zsdc', 'sfgl_yckgl', 'sfgl_yjfwjf']));
    expect(info.Access).not.toContain('yggl');
    expect(info.Access).not.toContain('sfgl_sfxm');
    const jft = info.Buttons.find((b) => b.CtlName === 'sfgl_jft');
    expect(jft?.Btn.split(',')).toContain('add');
  });

  it('the administrator holds every role key', async () => {
    const token = await t.login('admin', 'Admin@123');
    const info = (await t.api<{ Access: string[]; IsAdmin: boolean }>('/user/GetInfo', {}, token)).data;
    expect(info.IsAdmin).toBe(true);
    expect(info.Access).toEqual(expect.arrayContaining(['qygl', 'yggl_gwqx', 'cdzgl_gzbx', 'web_sbgl_wxd']));
  });

  it('answers 401 without a token, with a made-up token, after logout and after expiry', async () => {
    expect((await t.api('/user/GetInfo')).ret).toBe(401);
    expect((await t.api('/user/GetInfo', {}, 'made-up-token')).ret).toBe(401);

    const token = await t.login('service', 'Service@123');
    expect((await t.api('/user/Logout', {}, token)).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, token)).ret).toBe(401);

    const other = await t.login('service', 'Service@123');
    t.advance(7 * 86_400_000 + 1000);
    expect((await t.api('/user/GetInfo', {}, other)).ret).toBe(401);
  });

  it('changing the password ends every session and checks the old one', async () => {
    const first = await t.login('weixiu1', 'Linli@123');
    const second = await t.login('weixiu1', 'Linli@123');
    const bad = await t.api(
      '/user/ChangePwd',
      { OldPwd: 'wrong-111', NewPwd: 'Better123', ConfirmPwd: 'Better123' },
      first,
    );
    const msg = '原密码不正确，还可尝试4次';
    expect(bad).toMatchObject({ ret: 400, msg, data: { Errors: { OldPwd: msg } } });
    const weak = await t.api(
      '/user/ChangePwd',
      { OldPwd: 'Linli@123', NewPwd: 'abcdefgh', ConfirmPwd: 'abcdefgh' },
      first,
    );
    expect(weak.msg).toBe('密码需为8-20位，且包含字母和数字');
    const mismatch = await t.api(
      '/user/ChangePwd',
      { OldPwd: 'Linli@123', NewPwd: 'Better123', ConfirmPwd: 'Better124' },
      first,
    );
    expect(mismatch.msg).toBe('两次输入的密码不一致');
    const ok = await t.api(
      '/user/ChangePwd',
      { OldPwd: 'Linli@123', NewPwd: 'Better123', ConfirmPwd: 'Better123' },
      first,
    );
    expect(ok).toMatchObject({ ret: 0, msg: '密码修改成功，请重新登录' });
    expect((await t.api('/user/GetInfo', {}, first)).ret).toBe(401);
    expect((await t.api('/user/GetInfo', {}, second)).ret).toBe(401);
    expect((await t.api('/user/Login', { UserAccount: 'weixiu1', UserPwd: 'Better123' })).ret).toBe(0);
  });

  it('keeps a login record per sign-in', async () => {
    const token = await t.login('gongcheng1', 'Linli@123');
    const r = await t.api<{ Time: string; Ip: string; Way: string }[]>('/user/LoginLog', {}, token);
    expect(r.data[0]).toMatchObject({ Way: '账号密码' });
    expect(r.data[0]!.Time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
