import { describe, expect, it } from 'vitest';
import {
  checkIdNo,
  fromIdNo,
  RegistrationRejectBody,
  RegistrationSubmitBody,
  ResidentSaveBody,
  ResidentSetTagsBody,
} from './residents';

const first = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues[0] ? { msg: r.error.issues[0].message, path: r.error.issues[0].path.join('.') } : null;

describe('ResidentSaveBody', () => {
  const base = { Name: '张三', Mobile: '13800138000', Rooms: [{ RoomId: 5, Role: 1 }] };
  it('accepts a form body (JSON text rooms) and defaults', () => {
    const r = ResidentSaveBody.parse({ ...base, Rooms: JSON.stringify(base.Rooms), IdNo: '11010119900307123x' });
    expect(r).toMatchObject({ Id: 0, IdType: 1, IdNo: '11010119900307123X', TagIds: [] });
    expect(r.Rooms[0]).toMatchObject({ RoomId: 5, Role: 1, IsPrimary: false });
  });
  it('has the spec messages for mobile, certnmb, role rules and lease', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Mobile: '12800000000' }, 'Mobile', '请填写正确的手机号！'],
      [{ Mobile: '1380013800' }, 'Mobile', '手机号格式不正确，请重新输入'],
      [{ Mobile: '138001380001' }, 'Mobile', '手机号码不能超过11位哦'],
      [{ IdNo: '11010119900307123' }, 'IdNo', '请输入正确的身份证号'],
      [{ Mobile: '' }, 'Mobile', '业主和租户必须填写手机号'],
      [{ Rooms: [{ RoomId: 5, Role: 3 }] }, 'Rooms.0.LeaseEnd', '租户必须填写租约到期日'],
      [
        { Rooms: [{ RoomId: 5, Role: 3, MoveInDate: '2025-05-01', LeaseEnd: '2025-04-01' }] },
        'Rooms.0.LeaseEnd',
        '租约到期日不能早于入住日期',
      ],
      [{ Rooms: [] }, 'Rooms', '请至少关联一个房屋'],
      [{ Name: '' }, 'Name', '请输入姓名'],
      [{ Name: '名'.repeat(21) }, 'Name', '姓名不能超过20个字符'],
    ];
    for (const [patch, path, msg] of cases)
      expect(first(ResidentSaveBody.safeParse({ ...base, ...patch })), msg).toEqual({ msg, path });
  });
  it('family-only residents need no mobile', () => {
    expect(ResidentSaveBody.safeParse({ Name: '小明', Rooms: [{ RoomId: 5, Role: 2 }] }).success).toBe(true);
  });
});

describe('ID helpers and other bodies', () => {
  it('checkIdNo by type and fromIdNo', () => {
    expect(checkIdNo(1, '110101199003071234')).toBeNull();
    expect(checkIdNo(2, 'E12345678')).toBeNull();
    expect(checkIdNo(2, 'E1')).toBe('证件号码需为4-30位字母或数字');
    expect(fromIdNo('110101199003071234')).toEqual({ birthday: '1990-03-07', gender: 1 });
    expect(fromIdNo('110101199003071224')).toEqual({ birthday: '1990-03-07', gender: 2 });
    expect(fromIdNo('110101900307123')).toBeNull();
  });
  it('reject needs a reason of at most 100 characters', () => {
    expect(first(RegistrationRejectBody.safeParse({ Id: 1, Reason: '' }))?.msg).toBe('请填写驳回原因');
    expect(first(RegistrationRejectBody.safeParse({ Id: 1, Reason: 'x'.repeat(101) }))?.msg).toBe(
      '驳回原因不能超过100个字符',
    );
  });
  it('submit checks mobile and a tenant lease; set-tags mode', () => {
    const s = { RoomId: 1, AppUserId: 2, Name: '王芳', Mobile: '13800138000', Role: 3 };
    expect(first(RegistrationSubmitBody.safeParse(s))?.msg).toBe('租户必须填写租约到期日');
    expect(ResidentSetTagsBody.parse({ Ids: '[1]', TagIds: '[2]' }).Mode).toBe('add');
    expect(ResidentSetTagsBody.safeParse({ Ids: [1], TagIds: [], Mode: 'x' }).success).toBe(false);
  });
});
