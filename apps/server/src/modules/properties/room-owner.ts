import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import type { Tx } from '../../db/client';
import { residentRooms, rooms } from '../../db/schema';
import { changeRoomStatus, STATUS_SOURCE } from './room-status';

/**
 * The Owner picker (residents.md): makes the resident the room's primary owner. The previous primary owner stays
 * an owner of the room but not the primary one. An owner linked to a 未售 room makes it 空置.
 */
export async function linkOwner(
  tx: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  roomId: number,
  residentId: number,
  now: Date,
) {
  const [room] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.cmpId, auth.cmpId)));
  if (!room) return;
  await tx
    .update(residentRooms)
    .set({ isPrimary: false, updatedAt: now })
    .where(
      and(
        eq(residentRooms.cmpId, auth.cmpId),
        eq(residentRooms.roomId, roomId),
        eq(residentRooms.isPrimary, true),
        isNull(residentRooms.moveOutDate),
      ),
    );
  await tx
    .insert(residentRooms)
    .values({
      cmpId: room.cmpId,
      communityId: room.communityId,
      roomId,
      residentId,
      role: 1,
      isPrimary: true,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [residentRooms.roomId, residentRooms.residentId],
      targetWhere: sql`${residentRooms.moveOutDate} is null`,
      set: { role: 1, isPrimary: true, updatedAt: now },
      // The upsert's UPDATE repeats the tenant guard like every other write.
      setWhere: eq(residentRooms.cmpId, auth.cmpId),
    });
  await tx
    .update(rooms)
    .set({ ownerResidentId: residentId, updatedAt: now })
    .where(and(eq(rooms.id, roomId), eq(rooms.cmpId, auth.cmpId)));
  if (room.status === 0) await changeRoomStatus(tx, auth, [roomId], 1, STATUS_SOURCE.RESIDENT, '登记业主', now);
}
