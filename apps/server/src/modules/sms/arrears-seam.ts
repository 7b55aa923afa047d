import type { Tx } from '../../db/client';

/** A room in arrears as the fee module sees it; Money (元, decimal text) fills the {金额} variable. */
export interface ArrearsRoom {
  RoomId: number;
  Money: string;
  Months: number;
}

export interface ArrearsQuery {
  db: Tx;
  CmpId: number;
  /** The communities to look in (already narrowed to the sender's scope); empty = none. */
  CommunityIds: number[];
  /** 欠费金额 ≥ (元, decimal text). */
  MinMoney: string;
  /** 欠费月数 ≥. */
  MinMonths: number;
}

export type ArrearsRoomsFn = (q: ArrearsQuery) => Promise<ArrearsRoom[]>;

// Until the fee module registers its own, no room is in arrears.
let impl: ArrearsRoomsFn = async () => [];

/**
 * The 欠费住户 recipients seam (domain file "Target" Kind 5): the fee module calls `registerArrearsRooms` once at
 * start-up (from its module file) with its query; SMS never imports the fee module. Answers
 * a function that puts back the one before (tests).
 */
export function registerArrearsRooms(fn: ArrearsRoomsFn): () => void {
  const before = impl;
  impl = fn;
  return () => {
    impl = before;
  };
}

export const arrearsRooms: ArrearsRoomsFn = (q) => (q.CommunityIds.length ? impl(q) : Promise.resolve([]));
