import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CheckCodeBody, GetPhoneCodeBody, LoginBody, LoginByTelBody, UserFindPwdBody } from './auth';
import { apiFail, apiOk, envelopeSchema, isRetOk, PageQuery, RET } from './envelope';
import { FeedbackBody } from './feedback';
import { jsonArray, zFlag, zId, zInt } from './form';
import { UserInfo } from './user-info';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('envelope', () => {
  it('fixes the ret codes', () => {
    expect(RET).toMatchObject({ OK: 0, INVALID: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404 });
    expect(RET).toMatchObject({ LOCKED: 423, TOO_MANY: 429, ERROR: 500 });
  });

  it("treats ret 0 and '0' as success", () => {
    expect(isRetOk(0)).toBe(true);
    expect(isRetOk('0')).toBe(true);
    expect(isRetOk(401)).toBe(false);
    expect(isRetOk(undefined)).toBe(false);
  });

  it('builds envelopes that its schema accepts', () => {
    const list = apiOk([{ Id: 1 }], 30);
    expect(list).toEqual({ ret: 0, msg: 'ok', data: [{ Id: 1 }], count: 30 });
    expect(envelopeSchema(z.array(z.object({ Id: z.number() }))).safeParse(list).success).toBe(true);
    expect(apiOk(null)).not.toHaveProperty('count');
    expect(apiFail(403, '没有权限')).toEqual({ ret: 403, msg: '没有权限', data: null });
  });

  it('reads paging from form text with defaults', () => {
    expect(PageQuery.parse({ PgIndex: '2', PgSize: '50' })).toEqual({ PgIndex: 2, PgSize: 50 });
    expect(PageQuery.parse({ PgIndex: '' })).toEqual({ PgIndex: 1, PgSize: 20 });
    expect(PageQuery.safeParse({ PgIndex: '0' }).success).toBe(false);
    expect(PageQuery.safeParse({ PgSize: '501' }).success).toBe(false);
  });
});

describe('sign-in bodies', () => {
  it('trims the account and keeps the password as typed', () => {
    expect(LoginBody.parse({ UserAccount: ' admin ', UserPwd: ' Admin@123' })).toEqual({
      UserAccount: 'admin',
      UserPwd: ' Admin@123',
    });
  });

  it('accepts the username/password reading', () => {
    expect(LoginBody.parse({ username: 'cashier ', password: 'Cashier@123' })).toEqual({
      UserAccount: 'cashier',
      UserPwd: 'Cashier@123',
    });
  });

  it('asks for the account and the password in Chinese', () => {
    expect(messages(LoginBody, { UserAccount: '  ', UserPwd: '' })).toEqual(['请输入账号', '请输入密码']);
    expect(messages(LoginBody, {})).toEqual(['请输入账号', '请输入密码']);
  });

  it('checks the phone and the code of a phone sign-in', () => {
    expect(LoginByTelBody.parse({ Phone: '13800138000', Code: 123456 })).toEqual({
      Phone: '13800138000',
      Code: '123456',
    });
    expect(messages(LoginByTelBody, { Phone: '1380013800', Code: '' })).toEqual([
      '手机号格式不正确，请重新输入',
      '请输入验证码',
    ]);
    expect(CheckCodeBody.safeParse({ Phone: '13800138000', Code: '1234' }).success).toBe(true);
  });

  it('knows the two code purposes', () => {
    expect(GetPhoneCodeBody.parse({ Phone: '13800138000', Type: 'findpwd' }).Type).toBe('findpwd');
    expect(GetPhoneCodeBody.parse({ Phone: '13800138000', Type: '' }).Type).toBe('login');
    expect(GetPhoneCodeBody.parse({ Phone: '13800138000', Type: 'bind' }).Type).toBe('bind');
    expect(messages(GetPhoneCodeBody, { Phone: '13800138000', Type: 'reset' })).toEqual(['验证码类型不正确']);
  });

  it('requires a strong new password typed twice alike', () => {
    const base = { Phone: '13800138000', Code: '1234' };
    expect(UserFindPwdBody.safeParse({ ...base, NewPwd: 'Linli@123', ConfirmPwd: 'Linli@123' }).success).toBe(true);
    expect(messages(UserFindPwdBody, { ...base, NewPwd: 'short1', ConfirmPwd: 'short1' })).toEqual([
      '密码需为8-20位，且包含字母和数字',
    ]);
    const mismatch = UserFindPwdBody.safeParse({ ...base, NewPwd: 'Linli@123', ConfirmPwd: 'Linli@124' });
    expect(mismatch.error?.issues[0]).toMatchObject({ message: '两次输入的密码不一致', path: ['ConfirmPwd'] });
  });
});

describe('UserInfo', () => {
  const info = {
    Id: 1,
    UserName: '管理员',
    UserAccount: 'admin',
    Access: ['dashboard', 'fcgl'],
    CmpId: 3,
    Buttons: [{ CtlName: 'fcgl_fjgl', Btn: 'add' }],
    IsAdmin: 1,
    AllCommunity: '0',
    CommunityIds: [1, 2],
  };

  it('reads flags and fills defaults', () => {
    const parsed = UserInfo.parse(info);
    expect(parsed).toMatchObject({ IsAdmin: true, AllCommunity: false, SiteTitle: '邻里智慧物业', Logo: '' });
    expect(parsed.PositionNames).toEqual([]);
  });

  it('refuses empty roles with the spec message', () => {
    expect(messages(UserInfo, { ...info, Access: [] })).toEqual(['getInfo: roles must be a non-null array!']);
    expect(messages(UserInfo, { ...info, Access: null })).toEqual(['getInfo: roles must be a non-null array!']);
  });
});

describe('FeedbackBody', () => {
  const img = { ImgName: 'a.png', ImgPath: '/upload/a.png', Id: 0 };

  it('requires the contents, trimmed, up to 300 characters', () => {
    expect(messages(FeedbackBody, { Contents: '   ' })).toEqual(['请输入反馈内容']);
    expect(messages(FeedbackBody, { Contents: 'x'.repeat(301) })).toEqual(['反馈内容不能超过300个字符']);
    expect(FeedbackBody.parse({ Contents: ` ${'x'.repeat(300)} ` }).Contents).toHaveLength(300);
  });

  it('reads image lists given as JSON text, as form bodies send them', () => {
    const body = FeedbackBody.parse({ Contents: '好', ImgList: JSON.stringify([{ ...img, Id: '0' }]), ImgListAdd: '' });
    expect(body.ImgList).toEqual([img]);
    expect(body.ImgListAdd).toEqual([]);
    expect(FeedbackBody.parse({ Contents: '好' }).ImgList).toEqual([]);
  });

  it('allows at most 5 images', () => {
    expect(messages(FeedbackBody, { Contents: '好', ImgList: Array(6).fill(img) })).toEqual(['最多上传5张']);
    expect(FeedbackBody.safeParse({ Contents: '好', ImgList: Array(5).fill(img) }).success).toBe(true);
  });

  it('refuses a list that is not JSON', () => {
    expect(FeedbackBody.safeParse({ Contents: '好', ImgList: '[{' }).success).toBe(false);
  });
});

describe('form helpers', () => {
  it('reads integers and ids from text', () => {
    expect(zInt().parse('12')).toBe(12);
    expect(zInt().safeParse('').success).toBe(false);
    expect(zInt().safeParse('1.5').success).toBe(false);
    expect(zId().parse('0')).toBe(0);
    expect(zId().safeParse('-1').success).toBe(false);
  });

  it('reads flags', () => {
    expect(zFlag().parse('1')).toBe(true);
    expect(zFlag().parse('false')).toBe(false);
    expect(zFlag().parse(0)).toBe(false);
    expect(zFlag().safeParse('maybe').success).toBe(false);
  });

  it('reads arrays given as arrays or JSON text', () => {
    const ids = jsonArray(z.number(), { min: 1, minMessage: '请选择' });
    expect(ids.parse('[1,2]')).toEqual([1, 2]);
    expect(ids.parse([3])).toEqual([3]);
    expect(messages(ids, '[]')).toEqual(['请选择']);
  });
});
