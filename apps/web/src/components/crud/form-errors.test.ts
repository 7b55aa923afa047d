import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/request';
import { setUiBridge } from '../../app/ui-bridge';
import { fieldErrorEntries, importErrorsOf, importErrorText, reportUnexpected } from './form-errors';

describe('server field errors', () => {
  it('puts each message on the field it names and reports the others', () => {
    const error = new ApiError('该登录账号已被使用', 400, 'ret', {
      Errors: { UserAccount: '该登录账号已被使用', Unknown: '别处的错误' },
    });
    expect(fieldErrorEntries(error, ['UserAccount', 'Phone'])).toEqual({
      fields: [{ name: 'UserAccount', errors: ['该登录账号已被使用'] }],
      unmatched: ['别处的错误'],
    });
  });

  it('has nothing for a refusal without field errors', () => {
    expect(fieldErrorEntries(new ApiError('没有权限', 403, 'ret'), ['A'])).toEqual({ fields: [], unmatched: [] });
  });
});

describe('import errors', () => {
  it('reads the rows an import refused', () => {
    const error = new ApiError('导入失败', 400, 'ret', { ImportErrors: [{ Row: 12, Reason: '建筑面积必须大于0' }] });
    const rows = importErrorsOf(error)!;
    expect(rows).toEqual([{ Row: 12, Reason: '建筑面积必须大于0' }]);
    expect(importErrorText(rows[0]!)).toBe('第12行：建筑面积必须大于0');
  });

  it('is undefined for another refusal', () => {
    expect(importErrorsOf(new ApiError('请上传xlsx格式的文件', 400, 'ret'))).toBeUndefined();
  });
});

describe('reportUnexpected', () => {
  afterEach(() => setUiBridge(null));

  it('toasts a save that threw in the page (保存 must never silently do nothing), not a server refusal', () => {
    const toast = vi.fn();
    setUiBridge({ toast });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(reportUnexpected(new TypeError('v.ValidFrom.format is not a function'))).toBe(true);
    expect(toast).toHaveBeenCalledWith('error', '保存失败，请刷新页面后重试');
    toast.mockClear();
    expect(reportUnexpected(new ApiError('该卡号已存在', 400, 'ret'))).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });
});
