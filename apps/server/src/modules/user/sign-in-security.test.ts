import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, onPostgres, type TestApp } from '../../../test/harness';
import { positions, users } from '../../db/schema';

/** Sessions and sign-in under attack: the lock on every path, limits, alike answers, and revocation. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCKED = { ret: 423, msg: '密码错误次数过多，账号已锁定，请15分钟后再试或联系管理员解锁' };
const login = (account: string, password: string) =>
  t.api<string>('/user/Login', { UserAccount: account, UserPwd: password });
const overLock = () => t.advance(15 * 60_000 + 1000);
/** Leaves the 60 s resend wait of every phone behind. */
const nextMinute = () => t.advance(61_000);

async function loginCode(phone: string): Promise<string> {
  expect((await t.api('/SysHelp/GetPhoneCode', { Phone: phone, Type: 'login' })).ret).toBe(0);
  return t.lastCode(phone);
}

async function lockByLogin(account: string) {
  for (let i = 0; i < 5; i++) await login(account, 'wrong-pass1');
  expect(await login(account, 'wrong-pass1')).toMatchObject(LOCKED);
}

describe('the lock covers every sign-in path', () => {
  it('a locked account cannot sign in with a phone code, and can once the lock is over', async () => {
    const phone = '13800000006';
    await lockByLogin('weixiu2');
    const code = await loginCode(phone);
    expect(await t.api('/user/LoginByTel', { Phone: phone, Code: code })).toMatchObject(LOCKED);
    overLock();
    nextMinute();
    const again = await loginCode(phone);
    expect((await t.api('/user/LoginByTel', { Phone: phone, Code: again })).ret).toBe(0);
  });

  it("change-roles is a sign-in: wrong passwords lock the chosen account, the caller's session stays", async () => {
    const admin = await login('admin', 'Admin@123');
    const tries: Envelope[] = [];
    for (let i = 0; i < 5; i++) {
      tries.push(await t.api('/user/DemoSwitch', { Role: 'service', Password: 'wrong-pass1' }, admin.data));
    }
    expect(tries.map((r) => r.msg).slice(0, 4)).toEqual([4, 3, 2, 1].map((n) => `账号或密码错误，还可尝试${n}次`));
    expect(tries[4]).toMatchObject(LOCKED);
    // Locked: the right password opens nothing, on any path.
    expect(await t.api('/user/DemoSwitch', { Role: 'service', Password: 'Service@123' }, admin.data)).toMatchObject(
      LOCKED,
    );
    expect(await login('service', 'Service@123')).toMatchObject(LOCKED);
    nextMinute();
    const code = await loginCode('13800000003');
    expect(await t.api('/user/LoginByTel', { Phone: '13800000003', Code: code })).toMatchObject(LOCKED);
    expect((await t.api('/user/GetInfo', {}, admin.data)).ret).toBe(0);
    overLock();
    expect((await login('service', 'Service@123')).ret).toBe(0);
  });

  it('ChangePwd counts wrong old passwords: the fifth locks the account and ends its sessions', async () => {
    const first = (await login('gongcheng1', 'Linli@123')).data;
    const second = (await login('gongcheng1', 'Linli@123')).data;
    const change = (old: string) =>
      t.api('/user/ChangePwd', { OldPwd: old, NewPwd: 'Better123', ConfirmPwd: 'Better123' }, first);
    for (const n of [4, 3, 2, 1]) {
      expect(await change('wrong-pass1')).toMatchObject({
        ret: 400,
        data: { Errors: { OldPwd: `原密码不正确，还可尝试${n}次` } },
      });
    }
    expect(await change('wrong-pass1')).toMatchObject(LOCKED);
    expect((await t.api('/user/GetInfo', {}, first)).ret).toBe(401);
    expect((await t.api('/user/GetInfo', {}, second)).ret).toBe(401);
    expect(await login('gongcheng1', 'Linli@123')).toMatchObject(LOCKED);
    overLock();
    // The password never changed.
    expect((await login('gongcheng1', 'Linli@123')).ret).toBe(0);
  });

  it("a lock set by strangers' guesses keeps the person's sessions but stops ChangePwd", async () => {
    const mine = (await login('baoan2', 'Linli@123')).data;
    await lockByLogin('baoan2');
    expect((await t.api('/user/GetInfo', {}, mine)).ret).toBe(0);
    const change = { OldPwd: 'Linli@123', NewPwd: 'Better123', ConfirmPwd: 'Better123' };
    expect(await t.api('/user/ChangePwd', change, mine)).toMatchObject(LOCKED);
    expect((await t.api('/user/GetInfo', {}, mine)).ret).toBe(0);
    overLock();
  });

  it('wrong sign-in codes count toward the lock, which a right code then cannot pass', async () => {
    nextMinute();
    const phone = '13800000009';
    const code = await loginCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await t.api('/SysHelp/CheckCode', { Phone: phone, Code: wrong, Type: 'login' });
    for (let i = 0; i < 4; i++) await t.api('/user/LoginByTel', { Phone: phone, Code: wrong });
    // The guessing shows only the code's own answers; the lock is told to whoever brings a right code.
    expect(await login('xmjl1', 'Linli@123')).toMatchObject(LOCKED);
    nextMinute();
    const right = await loginCode(phone);
    expect(await t.api('/user/LoginByTel', { Phone: phone, Code: right })).toMatchObject(LOCKED);
    overLock();
    expect((await login('xmjl1', 'Linli@123')).ret).toBe(0);
  });

  it('the admin unlock clears a lock for every path', async () => {
    await lockByLogin('kefu1');
    const admin = (await login('admin', 'Admin@123')).data;
    const [kefu] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'kefu1'));
    expect((await t.api('/user/StaffUnlock', { Id: kefu!.id }, admin)).ret).toBe(0);
    nextMinute();
    const code = await loginCode('13800000004');
    expect((await t.api('/user/LoginByTel', { Phone: '13800000004', Code: code })).ret).toBe(0);
  });
});

describe('unknown and wrong answer alike', () => {
  it('an unknown name counts down and locks exactly like a known one with a wrong password', async () => {
    const known: Envelope[] = [];
    const unknown: Envelope[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await login('weixiu1', 'wrong-pass1'));
      unknown.push(await login('no-such-person', 'wrong-pass1'));
    }
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.ret)).toEqual([400, 400, 400, 400, 423, 423]);
    expect(known[0]!.msg).toBe('账号或密码错误，还可尝试4次');
    overLock();
    expect(await login('no-such-person', 'wrong-pass1')).toEqual(await login('weixiu1', 'wrong-pass1'));
    expect((await login('weixiu1', 'Linli@123')).ret).toBe(0);
  });

  it('the dummy password of unknown names opens nothing', async () => {
    expect((await login('no-such-one', 'linli-no-such-account')).msg).toBe('账号或密码错误，还可尝试4次');
  });

  it('a disabled account says 停用 only after the right password', async () => {
    expect(await login('tingyong1', 'wrong-pass1')).toEqual(await login('no-such-two', 'wrong-pass1'));
    expect(await login('tingyong1', 'Linli@123')).toMatchObject({ ret: 403, msg: '账号已停用，请联系管理员' });
  });

  it('a deleted account is refused like a disabled one, and only after the right password', async () => {
    const admin = (await login('admin', 'Admin@123')).data;
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'baoan1'));
    expect((await t.api('/user/StaffDel', { Id: row!.id }, admin)).ret).toBe(0);
    expect(await login('baoan1', 'wrong-pass1')).toEqual(await login('no-such-three', 'wrong-pass1'));
    expect(await login('baoan1', 'Linli@123')).toMatchObject({ ret: 403, msg: '账号已停用，请联系管理员' });
  });

  it('a phone code is asked for, checked and used alike whether or not the phone is bound', async () => {
    nextMinute();
    const bound = '13800000008';
    const unbound = '13912345678';
    const both = async (call: string, body: Record<string, string>) => {
      const a = await t.api(call, { ...body, Phone: bound });
      expect(await t.api(call, { ...body, Phone: unbound }), call).toEqual(a);
      return a;
    };
    const sentBefore = t.sent.length;
    expect((await both('/SysHelp/GetPhoneCode', { Type: 'login' })).ret).toBe(0);
    expect((await both('/SysHelp/GetPhoneCode', { Type: 'login' })).ret).toBe(429);
    // Only the bound phone got a text.
    expect(t.sent.slice(sentBefore).map((m) => m.phone)).toEqual([bound]);
    const wrong = t.lastCode(bound) === '000000' ? '111111' : '000000';
    expect((await both('/SysHelp/CheckCode', { Code: wrong, Type: 'login' })).msg).toBe('验证码错误，还可尝试4次');
    expect((await both('/user/LoginByTel', { Code: wrong })).msg).toBe('验证码错误，还可尝试3次');
    nextMinute();
    expect((await both('/SysHelp/GetPhoneCode', { Type: 'findpwd' })).ret).toBe(0);
    const reset = {
      Code: t.lastCode(bound) === '000000' ? '111111' : '000000',
      NewPwd: 'Night2026',
      ConfirmPwd: 'Night2026',
    };
    expect((await both('/user/UserFindPwd', reset)).msg).toBe('验证码错误，还可尝试4次');
  });
});

describe('rate limits per address and per account', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitMax: 3 });
  });
  afterAll(() => limited.close());

  async function from(ip: string, call: string, body: Record<string, string>): Promise<Envelope> {
    const res = await limited.app.inject({
      method: 'POST',
      url: `/api${call}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    return res.json();
  }
  const TOO_MANY = { ret: 429, msg: '操作过于频繁，请稍后再试' };

  it('one address trying many accounts is stopped', async () => {
    const names = ['admin', 'cashier', 'service', 'kefu1'];
    const r = [];
    for (const n of names) r.push(await from('10.0.0.1', '/user/Login', { UserAccount: n, UserPwd: 'x' }));
    expect(r.slice(0, 3).map((x) => x.ret)).toEqual([400, 400, 400]);
    expect(r[3]).toMatchObject(TOO_MANY);
  });

  it('one account tried from many addresses is stopped, known or not, and free again a minute later', async () => {
    for (const name of ['weixiu1', 'nobody-here']) {
      const r = [];
      for (let i = 0; i < 4; i++) {
        r.push(await from(`10.0.1.${i}`, '/user/Login', { UserAccount: name, UserPwd: 'wrong-pass1' }));
      }
      expect(r.slice(0, 3).map((x) => x.msg)).toEqual([4, 3, 2].map((n) => `账号或密码错误，还可尝试${n}次`));
      expect(r[3]).toMatchObject(TOO_MANY);
    }
    limited.advance(61_000);
    const ok = await from('10.0.2.1', '/user/Login', { UserAccount: 'weixiu1', UserPwd: 'Linli@123' });
    expect(ok.ret).toBe(0);
  });

  it('one phone tried from many addresses is stopped', async () => {
    const r = [];
    for (let i = 0; i < 4; i++) {
      r.push(await from(`10.0.3.${i}`, '/user/LoginByTel', { Phone: '13800000005', Code: '123456' }));
    }
    expect(r.slice(0, 3).map((x) => x.ret)).toEqual([400, 400, 400]);
    expect(r[3]).toMatchObject(TOO_MANY);
  });
});

describe.runIf(onPostgres())('the per-address limit across server processes', () => {
  it('an address spreading its tries over two processes on one database gets one budget', async () => {
    const limited = await createTestApp({ rateLimitMax: 3 });
    try {
      const other = await limited.secondApp();
      let n = 0;
      // A new name each time, so only the per-address limit (not the per-account one) can refuse.
      const send = (app: typeof other) =>
        app
          .inject({
            method: 'POST',
            url: '/api/user/Login',
            remoteAddress: '10.9.0.1',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ UserAccount: `nobody-${++n}`, UserPwd: 'x' }).toString(),
          })
          .then((r) => r.json<Envelope>());
      const first = [await send(other), await send(other), await send(other)];
      expect(first.map((x) => x.ret)).not.toContain(429);
      expect(await send(limited.app)).toMatchObject({ ret: 429, msg: '操作过于频繁，请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});

describe('sessions end when they should', () => {
  it('logout ends that session only', async () => {
    const a = (await login('xmjl1', 'Linli@123')).data;
    const b = (await login('xmjl1', 'Linli@123')).data;
    expect((await t.api('/user/Logout', {}, a)).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, a)).ret).toBe(401);
    expect((await t.api('/user/GetInfo', {}, b)).ret).toBe(0);
  });

  it('a password change ends every session, the other devices too', async () => {
    const a = (await login('weixiu1', 'Linli@123')).data;
    const b = (await login('weixiu1', 'Linli@123')).data;
    const r = await t.api('/user/ChangePwd', { OldPwd: 'Linli@123', NewPwd: 'Better123', ConfirmPwd: 'Better123' }, a);
    expect(r.ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, a)).ret).toBe(401);
    expect((await t.api('/user/GetInfo', {}, b)).ret).toBe(401);
  });

  it('停用 ends the sessions at once; 启用 does not bring them back', async () => {
    const admin = (await login('admin', 'Admin@123')).data;
    const kefu = (await login('kefu1', 'Linli@123')).data;
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'kefu1'));
    expect((await t.api('/user/StaffSetState', { Id: row!.id, State: 0 }, admin)).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, kefu)).ret).toBe(401);
    expect((await t.api('/user/StaffSetState', { Id: row!.id, State: 1 }, admin)).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, kefu)).ret).toBe(401);
  });

  it('a position change gives the new rights on the next call of a live session', async () => {
    const admin = (await login('admin', 'Admin@123')).data;
    const worker = (await login('weixiu2', 'Linli@123')).data;
    const access = async () => (await t.api<{ Access: string[] }>('/user/GetInfo', {}, worker)).data.Access;
    expect(await access()).toContain('wyfw_bxcl');
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'weixiu2'));
    const [cashier] = await t.db.select({ id: positions.id }).from(positions).where(eq(positions.name, '收费员'));
    const staff = (await t.api<Record<string, unknown>>('/user/StaffGet', { Id: row!.id }, admin)).data;
    const save = await t.api('/user/StaffSave', { ...staff, PositionIds: [cashier!.id] }, admin);
    expect(save.ret).toBe(0);
    const now = await access();
    expect(now).toContain('sfgl_jft');
    expect(now).not.toContain('wyfw_bxcl');
  });
});
