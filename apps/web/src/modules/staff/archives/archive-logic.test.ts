import { describe, expect, it } from 'vitest';
import { CONTRACT_WARN_COLORS, contractWarnText, leaveDateProblem } from './archive-logic';

describe('archives', () => {
  it('colours a contract ending within 30 days orange and an ended one red', () => {
    expect(CONTRACT_WARN_COLORS[1]).toBe('#fa8c16');
    expect(CONTRACT_WARN_COLORS[2]).toBe('#f5222d');
    expect(CONTRACT_WARN_COLORS[0]).toBeUndefined();
    expect(contractWarnText(1)).toBe('合同30天内到期');
  });

  it('refuses a leave date before the entry date', () => {
    expect(leaveDateProblem('2020-01-01', '2021-01-01')).toBe('离职日期不能早于入职日期');
    expect(leaveDateProblem('2021-01-01', '2021-01-01')).toBeUndefined();
    expect(leaveDateProblem(undefined, '2021-01-01')).toBe('请选择离职日期');
  });
});
