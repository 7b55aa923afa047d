import { describe, expect, it } from 'vitest';
import {
  fromIdCard,
  idNoError,
  leaseEndError,
  leaseState,
  maskMobile,
  mobileError,
  optionalMobileError,
  rejectReasonError,
  syncOfStates,
  syncSummary,
  tabOfQuery,
} from './resident-logic';

describe('resident rules', () => {
  it('gives the three mobile messages of the spec', () => {
    expect(mobileError('12800000000', [1])).toBe('请填写正确的手机号！');
    expect(mobileError('1380013800', [1])).toBe('手机号格式不正确，请重新输入');
    expect(mobileError('138001380001', [1])).toBe('手机号码不能超过11位哦');
    expect(mobileError('13800138000', [1])).toBeNull();
  });

  it('needs a mobile unless every link is 家属', () => {
    expect(mobileError('', [1])).toBe('业主和租户必须填写手机号');
    expect(mobileError(undefined, [2, 3])).toBe('业主和租户必须填写手机号');
    expect(mobileError('', [2, 2])).toBeNull();
    expect(optionalMobileError('')).toBeNull();
    expect(optionalMobileError('1380013800')).toBe('手机号格式不正确，请重新输入');
  });

  it('checks the ID number by type', () => {
    expect(idNoError('11010119900307123', 1)).toBe('请输入正确的身份证号');
    expect(idNoError('110101199003071234', 1)).toBeNull();
    expect(idNoError('E1234567', 2)).toBeNull();
    expect(idNoError('E1', 2)).toBe('证件号码需为4-30位字母或数字');
    expect(idNoError('', 1)).toBeNull();
  });

  it('reads birthday and gender from an 18-digit ID', () => {
    expect(fromIdCard('110101199003071234')).toEqual({ Birthday: '1990-03-07', Gender: 1 });
    expect(fromIdCard('110101199003071224')).toEqual({ Birthday: '1990-03-07', Gender: 2 });
    expect(fromIdCard('110101199002301234')).toBeNull();
    expect(fromIdCard('110101900307123')).toBeNull();
  });

  it('requires a tenant lease end not before the move-in', () => {
    expect(leaseEndError({ Role: 3 })).toBe('租户必须填写租约到期日');
    expect(leaseEndError({ Role: 3, MoveInDate: '2025-05-01', LeaseEnd: '2025-04-01' })).toBe(
      '租约到期日不能早于入住日期',
    );
    expect(leaseEndError({ Role: 3, MoveInDate: '2025-05-01', LeaseEnd: '2026-04-30' })).toBeNull();
    expect(leaseEndError({ Role: 1 })).toBeNull();
  });

  it('flags leases ending within 30 days and ended leases', () => {
    expect(leaseState('2025-07-01', '2025-06-15')).toBe('soon');
    expect(leaseState('2025-07-15', '2025-06-15')).toBe('soon');
    expect(leaseState('2025-08-01', '2025-06-15')).toBe('ok');
    expect(leaseState('2025-06-14', '2025-06-15')).toBe('expired');
    expect(leaseState('', '2025-06-15')).toBe('none');
  });

  it('summarises sync states', () => {
    expect(syncOfStates([1, 1, 1, 1])).toEqual({ text: '已同步 4/4', color: 'green' });
    expect(syncOfStates([1, 1, 0, 1])).toEqual({ text: '已同步 3/4', color: 'orange' });
    expect(syncOfStates([1, 2, 0])).toEqual({ text: '已同步 1/3', color: 'red' });
    expect(syncSummary({ done: 0, total: 0, failed: 0, pending: 0 }).color).toBe('default');
  });

  it('masks, reasons and tabs', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(rejectReasonError('  ')).toBe('请填写驳回原因');
    expect(rejectReasonError('x'.repeat(101))).toBe('驳回原因不能超过100个字符');
    expect(rejectReasonError('信息不符')).toBeNull();
    expect(tabOfQuery('2')).toBe('review');
    expect(tabOfQuery(null)).toBe('residents');
  });
});
