import { CompanyEditBody, StaffSaveBody } from '@linli/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from './form-values';
import { zodFieldError, zodRequired } from './zod-rule';

describe('form rules from the shared schema', () => {
  it('gives the server message for a bad value', () => {
    expect(zodFieldError(CompanyEditBody, 'ContactTel', '12345')).toBe('请输入正确的联系电话');
    expect(zodFieldError(CompanyEditBody, 'ContactTel', '0571-88886666')).toBeUndefined();
    expect(zodFieldError(StaffSaveBody, 'Phone', '1381234')).toBe('手机号格式不正确，请重新输入');
  });

  it("names the field in the product's generic wording, as the server's parse of the whole body does", () => {
    expect(zodFieldError(StaffSaveBody, 'Gender', 'abc')).toBe('性别须为数字');
    expect(zodFieldError(StaffSaveBody, 'Gender', -5)).toBe('性别不能小于0');
    const server = StaffSaveBody.safeParse({ Gender: -5 }).error?.issues.find((i) => i.path[0] === 'Gender');
    expect(server?.message).toBe('性别不能小于0');
  });

  it('knows which fields are required', () => {
    expect(zodRequired(CompanyEditBody, 'CmpName')).toBe(true);
    expect(zodRequired(CompanyEditBody, 'ShortName')).toBe(false);
  });

  it('passes unknown fields', () => {
    expect(zodFieldError(CompanyEditBody, 'Nope', 'x')).toBeUndefined();
  });
});

describe('form values', () => {
  it('turns date strings into dates for the form and back for the call', () => {
    const form = toFormValues([{ name: 'EntryDate', label: '入职日期', type: 'date' }], {
      EntryDate: '2025-07-01',
      Name: '张三',
    });
    expect(dayjs.isDayjs(form.EntryDate)).toBe(true);
    expect(fromFormValues({ ...form, Name: ' 张三 ', Gone: undefined })).toEqual({
      EntryDate: '2025-07-01',
      Name: '张三',
    });
  });
});
