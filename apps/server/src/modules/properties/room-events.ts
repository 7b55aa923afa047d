import type { Tx } from '../../db/client';

/**
 * RoomHandedOver (properties.md "Events"): areas that act when a room is handed over (fees writes the meter
 * readings as reading rows and binds the AutoBindOnHandover standards) register here at import time; each handler
 * runs inside the handover's transaction, so a failure rolls the handover back.
 */
export interface RoomHandedOver {
  cmpId: number;
  userId: number;
  communityId: number;
  roomId: number;
  handoverDate: string;
  readings: { MeterId: number; Reading: string }[];
  now: Date;
}

const handlers = new Set<(tx: Tx, e: RoomHandedOver) => Promise<void>>();

export function onRoomHandedOver(fn: (tx: Tx, e: RoomHandedOver) => Promise<void>) {
  handlers.add(fn);
  return () => void handlers.delete(fn);
}

export async function emitRoomHandedOver(tx: Tx, e: RoomHandedOver) {
  for (const fn of handlers) await fn(tx, e);
}
