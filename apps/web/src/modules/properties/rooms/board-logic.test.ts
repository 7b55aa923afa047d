import { describe, expect, it } from 'vitest';
import type { BoardAnswer, BoardRoom } from './api';
import { boardLayout, dimmed, floorLabel } from './board-logic';

const room = (Id: number, UnitId: number, Floor: number, RoomNo: string, RoomType = 1): BoardRoom => ({
  Id,
  UnitId,
  Floor,
  RoomNo,
  RoomType,
  Status: 0,
  BuildArea: '89.50',
  OwnerMask: '',
  Arrears: false,
});

const board = (rooms: BoardRoom[]): BoardAnswer => ({
  Building: { Id: 1, Name: '1栋', FloorsAbove: 2, FloorsBelow: 0 },
  Units: [
    { Id: 1, UnitNo: 1, Name: '1单元', FloorsAbove: 2 },
    { Id: 2, UnitNo: 2, Name: '2单元', FloorsAbove: 2 },
  ],
  Floors: [2, 1],
  Rooms: rooms,
  Counts: { Total: rooms.length, ByStatus: [], OccupancyRate: '0.0' },
});

describe('房态图 layout', () => {
  it('groups by unit and floor, sorted by number, as wide as the fullest floor', () => {
    const blocks = boardLayout(
      board([room(1, 1, 1, '102'), room(2, 1, 1, '101'), room(3, 1, 2, '201'), room(4, 2, 1, '101')]),
    );
    expect(blocks.map((b) => [b.name, b.columns])).toEqual([
      ['1单元', 2],
      ['2单元', 1],
    ]);
    expect(blocks[0]!.byFloor.get(1)!.map((r) => r.RoomNo)).toEqual(['101', '102']);
  });
  it('keeps empty units and sorts 1001 after 901', () => {
    const blocks = boardLayout(board([room(1, 1, 9, '1001'), room(2, 1, 9, '901')]));
    expect(blocks[1]!.byFloor.size).toBe(0);
    expect(blocks[0]!.byFloor.get(9)!.map((r) => r.RoomNo)).toEqual(['901', '1001']);
  });
  it('labels floors and dims other types', () => {
    expect(floorLabel(12)).toBe('12F');
    expect(floorLabel(-1)).toBe('B1');
    expect(dimmed(room(1, 1, 1, '101', 2), 1)).toBe(true);
    expect(dimmed(room(1, 1, 1, '101', 2), undefined)).toBe(false);
  });
});
