import { describe, expect, it } from 'vitest';
import { numberExample, plannedCount, positionsFor, roomNumber } from './generate-logic';

describe('生成房间', () => {
  it('numbers rooms floor×100 + sequence, B for basements', () => {
    expect(roomNumber(12, 1)).toBe('1201');
    expect(roomNumber(-1, 3)).toBe('B103');
  });
  it('keeps entered areas when the count changes', () => {
    const first = positionsFor(2);
    expect(first[0]).toEqual({ Seq: 1, BuildArea: '89.50', InnerArea: '72.30' });
    const edited = [{ Seq: 1, BuildArea: '100', InnerArea: '' }, first[1]!];
    const more = positionsFor(3, edited);
    expect(more).toHaveLength(3);
    expect(more[0]).toEqual({ Seq: 1, BuildArea: '100', InnerArea: '' });
    expect(positionsFor(1, more)).toHaveLength(1);
    expect(positionsFor(99)).toHaveLength(50);
  });
  it('counts units × floors × rooms, floor 0 excluded', () => {
    expect(plannedCount(2, 1, 6, 2)).toBe(24);
    expect(plannedCount(1, -1, 2, 4)).toBe(12);
    expect(plannedCount(1, 5, 2, 4)).toBe(0);
  });
  it('shows an example of the numbers', () => {
    expect(numberExample(1, 6, 2)).toBe('101、102 … 602');
  });
});
