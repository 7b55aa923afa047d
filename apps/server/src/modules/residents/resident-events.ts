import type { Tx } from '../../db/client';

/**
 * How the areas that hang on residents (fees, parking, access cards, the owner app) take part in a resident's life
 * without this module knowing them. Each hook runs inside the transaction that changes the resident, so a refusal
 * or a failure rolls the whole change back. Areas register at import time, as routes do.
 */

/**
 * Answers whether the resident has records of the area (payments, vehicles, cards) that a delete would orphan: true,
 * or better the records' name ('缴费记录', '车辆', '门禁卡') so the refusal says what blocks it.
 */
export type HistoryCheck = (tx: Tx, cmpId: number, residentId: number) => Promise<boolean | string>;

export interface MovedOut {
  cmpId: number;
  userId: number;
  residentId: number;
  linkIds: number[];
  roomIds: number[];
  moveOutDate: string;
  /** 同时注销门禁卡: the access area cancels the person's cards when set. */
  revokeCards: boolean;
  now: Date;
}

export interface RegistrationReviewed {
  cmpId: number;
  registrationId: number;
  appUserId: number | null;
  /** 1 已通过 / 2 已驳回 */
  status: 1 | 2;
  residentId: number | null;
  reason: string | null;
  now: Date;
}

const historyChecks = new Set<HistoryCheck>();
const movedOutHandlers = new Set<(tx: Tx, e: MovedOut) => Promise<void>>();
const reviewedHandlers = new Set<(tx: Tx, e: RegistrationReviewed) => Promise<void>>();

const register =
  <T>(set: Set<T>) =>
  (fn: T) => {
    set.add(fn);
    return () => void set.delete(fn);
  };

export const addHistoryCheck = register(historyChecks);
export const onResidentMovedOut = register(movedOutHandlers);
export const onRegistrationReviewed = register(reviewedHandlers);

/** What other areas hold of the resident: the names their checks gave ('' for a bare true), empty when nothing. */
export async function outsideHistory(tx: Tx, cmpId: number, residentId: number): Promise<string[]> {
  const found: string[] = [];
  for (const check of historyChecks) {
    const r = await check(tx, cmpId, residentId);
    if (r) found.push(typeof r === 'string' ? r : '');
  }
  return found;
}

export async function emitMovedOut(tx: Tx, e: MovedOut) {
  for (const fn of movedOutHandlers) await fn(tx, e);
}

export async function emitRegistrationReviewed(tx: Tx, e: RegistrationReviewed) {
  for (const fn of reviewedHandlers) await fn(tx, e);
}
