import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('phone codes', () => {
  it('checks the phone with the spec mobile rule', async () => {
    expect((await t.api('/SysHelp/GetPhoneCode', { Phone: '1381234' })).msg).toBe('手机号格式不正确，请重新输入');
    expect((await t.api('/SysHelp/GetPhoneCode', { Phone: '138000000011' })).msg).toBe('手机号码不能超过11位哦');
    expect((await t.api('/SysHelp/GetPhoneCode', { Phone: '12800000001' })).msg).toBe('请填写正确的手机号！');
    expect(t.sent).toHaveLength(0);
  });

  it('sends a 6-digit code, one per 60 s, and signs in with it once', async () => {
    const phone = '13800000003';
    const r = await t.api('/SysHelp/GetPhoneCode', { Phone: phone, Type: 'login' });
    expect(r).toMatchObject({ ret: 0, msg: '验证码已发送' });
    const code = t.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const again = await t.api('/SysHelp/GetPhoneCode', { Phone: phone, Type: 'login' });
    expect(again.ret).toBe(429);
    expect(again.msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    expect(t.sent).toHaveLength(1);

    const login = await t.api<string>('/user/LoginByTel', { Phone: phone, Code: code, Random: '0.5' });
    expect(login.ret).toBe(0);
    const info = await t.api<{ UserAccount: string }>('/user/GetInfo', {}, login.data);
    expect(info.data.UserAccount).toBe('service');
    // Used once: the same code cannot sign in again.
    expect((await t.api('/user/LoginByTel', { Phone: phone, Code: code })).ret).toBe(400);
  });

  it('a code expires after 5 minutes', async () => {
    const phone = '13800000004';
    await t.api('/SysHelp/GetPhoneCode', { Phone: phone });
    const code = t.lastCode(phone);
    t.advance(5 * 60_000 + 1000);
    const r = await t.api('/user/LoginByTel', { Phone: phone, Code: code });
    expect(r).toMatchObject({ ret: 400, msg: '验证码已过期，请重新获取' });
  });

  it('a code survives four wrong tries and dies on the fifth', async () => {
    const phone = '13800000005';
    await t.api('/SysHelp/GetPhoneCode', { Phone: phone });
    const code = t.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.api('/SysHelp/CheckCode', { Phone: phone, Code: wrong })).msg).toBe('验证码错误，还可尝试4次');
    for (let i = 0; i < 3; i++) await t.api('/SysHelp/CheckCode', { Phone: phone, Code: wrong });
    expect((await t.api('/SysHelp/CheckCode', { Phone: phone, Code: wrong })).msg).toBe(
      '验证码错误次数过多，请重新获取',
    );
    expect((await t.api('/user/LoginByTel', { Phone: phone, Code: code })).msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('recovers a password with a findpwd code and ends old sessions, once a lock is over', async () => {
    const phone = '13800000007';
    const old = await t.login('baoan1', 'Linli@123');
    for (let i = 0; i < 5; i++) await t.api('/user/Login', { UserAccount: 'baoan1', UserPwd: 'wrong-pass1' });
    expect((await t.api('/user/Login', { UserAccount: 'baoan1', UserPwd: 'Linli@123' })).ret).toBe(423);
    await t.api('/SysHelp/GetPhoneCode', { Phone: phone, Type: 'findpwd' });
    const reset = { Phone: phone, Code: t.lastCode(phone), NewPwd: 'Night2026', ConfirmPwd: 'Night2026' };
    // A phone code is no way around the lock.
    expect((await t.api('/user/UserFindPwd', reset)).ret).toBe(423);
    t.advance(15 * 60_000 + 1000);

    await t.api('/SysHelp/GetPhoneCode', { Phone: phone, Type: 'findpwd' });
    const code = t.lastCode(phone);
    // A login code is not a recovery code.
    expect((await t.api('/user/LoginByTel', { Phone: phone, Code: code })).ret).toBe(400);
    expect((await t.api('/SysHelp/CheckCode', { Phone: phone, Code: code, Type: 'findpwd' })).ret).toBe(0);
    const mismatch = await t.api('/user/UserFindPwd', { ...reset, Code: code, ConfirmPwd: 'x' });
    expect(mismatch.data).toEqual({ Errors: { ConfirmPwd: '两次输入的密码不一致' } });
    expect((await t.api('/user/UserFindPwd', { ...reset, Code: code })).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, old)).ret).toBe(401);
    expect((await t.api('/user/Login', { UserAccount: 'baoan1', UserPwd: 'Night2026' })).ret).toBe(0);
  });
});
