import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import type { Tx } from '../../db/client';
import { residentRooms } from '../../db/schema';
import { linkOwner } from '../properties/room-owner';

export interface LinkPlan {
  id: number;
  roomId: number;
  communityId: number;
  role: number;
  relation: string;
  isPrimary: boolean;
  moveInDate: string;
  moveOutDate: string | null;
  leaseStart: string | null;
  leaseEnd: string | null;
}

/** What the owner rules need to know of a room before a link of `residentId` is written to it. */
async function roomState(tx: Tx, cmpId: number, roomId: number, residentId: number) {
  const active = and(
    eq(residentRooms.cmpId, cmpId),
    eq(residentRooms.roomId, roomId),
    isNull(residentRooms.moveOutDate),
  );
  const otherOwner = and(active, eq(residentRooms.role, 1), ne(residentRooms.residentId, residentId));
  // One after another: a transaction's queries share one connection.
  const [owners] = await tx.select({ n: count() }).from(residentRooms).where(otherOwner);
  const [primaryOther] = await tx
    .select({ n: count() })
    .from(residentRooms)
    .where(and(otherOwner, eq(residentRooms.isPrimary, true)));
  const [mine] = await tx
    .select({ id: residentRooms.id })
    .from(residentRooms)
    .where(and(active, eq(residentRooms.residentId, residentId)))
    .limit(1);
  return { owners: owners?.n ?? 0, primaryOther: primaryOther?.n ?? 0, mine: mine?.id ?? 0 };
}

/**
 * Writes links of one resident (new ones and edits of its own), with the owner rules: a family member needs an
 * active owner of the room, one primary owner per room ('主业主只能有一位' unless MovePrimary moves the flag), and the
 * primary owner goes through properties' linkOwner so Room.OwnerResidentId follows. Answers the touched room ids.
 */
export async function writeLinks(
  tx: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  residentId: number,
  links: LinkPlan[],
  now: Date,
  movePrimary: boolean,
) {
  for (const l of links) {
    const s = await roomState(tx, auth.cmpId, l.roomId, residentId);
    if (!l.id && s.mine) throw fail('该住户已关联此房屋');
    if (l.id && s.mine && s.mine !== l.id) throw fail('该住户已关联此房屋');
    if (l.role === 2 && !s.owners) throw fail('该房间尚无业主，不能登记家属');
    const wantsPrimary = l.role === 1 && !l.moveOutDate && (l.isPrimary || !s.primaryOther);
    if (l.role === 1 && l.isPrimary && s.primaryOther && !movePrimary) throw fail('主业主只能有一位');
    const values = {
      role: l.role,
      relation: l.role === 2 ? l.relation : l.role === 1 ? '本人' : l.relation,
      moveInDate: l.moveInDate,
      moveOutDate: l.moveOutDate,
      leaseStart: l.role === 3 ? l.leaseStart : null,
      leaseEnd: l.role === 3 ? l.leaseEnd : null,
      updatedAt: now,
    };
    if (wantsPrimary) {
      await linkOwner(tx, auth, l.roomId, residentId, now);
      await tx
        .update(residentRooms)
        .set({
          relation: values.relation,
          moveInDate: values.moveInDate,
          leaseStart: null,
          leaseEnd: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(residentRooms.cmpId, auth.cmpId),
            eq(residentRooms.residentId, residentId),
            eq(residentRooms.roomId, l.roomId),
            isNull(residentRooms.moveOutDate),
          ),
        );
    } else if (l.id) {
      await tx
        .update(residentRooms)
        .set({ ...values, isPrimary: l.role === 1 && l.isPrimary })
        .where(
          and(
            eq(residentRooms.cmpId, auth.cmpId),
            eq(residentRooms.residentId, residentId),
            eq(residentRooms.id, l.id),
          ),
        );
    } else {
      await tx.insert(residentRooms).values({
        ...values,
        cmpId: auth.cmpId,
        communityId: l.communityId,
        roomId: l.roomId,
        residentId,
        isPrimary: false,
        createdBy: auth.userId,
        createdAt: now,
      });
    }
  }
  return links.map((l) => l.roomId);
}

/**
 * Adds one new link (an approved registration, an import row) unless the resident already lives in that room.
 * Answers whether a link was written.
 */
export async function linkIfNew(
  tx: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  residentId: number,
  link: Pick<LinkPlan, 'roomId' | 'communityId' | 'role' | 'relation' | 'moveInDate' | 'leaseEnd'>,
  now: Date,
) {
  const [active] = await tx
    .select({ id: residentRooms.id })
    .from(residentRooms)
    .where(
      and(
        eq(residentRooms.cmpId, auth.cmpId),
        eq(residentRooms.roomId, link.roomId),
        eq(residentRooms.residentId, residentId),
        isNull(residentRooms.moveOutDate),
      ),
    );
  if (active) return false;
  const plan = { ...link, id: 0, isPrimary: false, moveOutDate: null, leaseStart: null };
  await writeLinks(tx, auth, residentId, [plan], now, false);
  return true;
}
