import { describe, expect, it } from 'vitest';
import { actionsFor, dayLoad, monthGrid, slotLabel } from './reservation-logic';

describe('交房预约', () => {
  it('offers the actions of each state', () => {
    expect(actionsFor(1)).toContain('confirm');
    expect(actionsFor(1)).toContain('reject');
    expect(actionsFor(2)).toContain('checkin');
    expect(actionsFor(2)).not.toContain('confirm');
    // 取消 only before 已签到.
    expect(actionsFor(3)).not.toContain('cancel');
    expect(actionsFor(4)).toContain('handover');
    expect(actionsFor(6)).toContain('recheck');
    expect(actionsFor(8)).toEqual(['view']);
  });
  it('lays a month out Monday first over six weeks', () => {
    const grid = monthGrid(2025, 6);
    expect(grid).toHaveLength(42);
    // 2025-06-01 is a Sunday: the grid starts on Monday 26 May.
    expect(grid[0]).toEqual({ date: '2025-05-26', inMonth: false });
    expect(grid[6]).toEqual({ date: '2025-06-01', inMonth: true });
  });
  it('grades a day and labels a slot', () => {
    expect(dayLoad(0, 0)).toBe('closed');
    expect(dayLoad(18, 18)).toBe('full');
    expect(dayLoad(15, 18)).toBe('busy');
    expect(dayLoad(1, 18)).toBe('free');
    expect(slotLabel({ Start: '09:00', End: '10:00', Left: 0 })).toBe('09:00-10:00（已约满）');
    expect(slotLabel({ Start: '09:00', End: '10:00', Left: 2 })).toBe('09:00-10:00（剩余 2）');
  });
});
