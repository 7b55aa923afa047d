import type { BoardAnswer, BoardRoom } from './api';

/** One unit's block on the board: how many columns it needs and its rooms by floor. */
export interface UnitBlock {
  unitId: number;
  name: string;
  columns: number;
  byFloor: Map<number, BoardRoom[]>;
}

const byNumber = (a: BoardRoom, b: BoardRoom) =>
  a.RoomNo.length - b.RoomNo.length || a.RoomNo.localeCompare(b.RoomNo, 'zh-CN');

/**
 * Lays the board out: floors top first (as the server sends them), columns grouped by unit, each unit as wide as
 * its fullest floor. Rooms of a unit the answer does not list still get a block.
 */
export function boardLayout(board: BoardAnswer): UnitBlock[] {
  const blocks = new Map<number, UnitBlock>();
  for (const u of board.Units) blocks.set(u.Id, { unitId: u.Id, name: u.Name, columns: 1, byFloor: new Map() });
  for (const r of board.Rooms) {
    let block = blocks.get(r.UnitId);
    if (!block) {
      block = { unitId: r.UnitId, name: '其他', columns: 1, byFloor: new Map() };
      blocks.set(r.UnitId, block);
    }
    const list = block.byFloor.get(r.Floor) ?? [];
    list.push(r);
    block.byFloor.set(r.Floor, list);
  }
  for (const block of blocks.values()) {
    for (const list of block.byFloor.values()) {
      list.sort(byNumber);
      block.columns = Math.max(block.columns, list.length);
    }
  }
  return [...blocks.values()];
}

/** '12F' above ground, 'B1' below. */
export const floorLabel = (floor: number) => (floor > 0 ? `${floor}F` : `B${-floor}`);

/** Whether a cell is dimmed by the type filter (no filter dims nothing). */
export const dimmed = (room: BoardRoom, type: number | undefined) => !!type && room.RoomType !== type;
