import { and, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import type { SheetRow } from '../../core/excel';
import { inScope } from '../../core/scope';
import type { Tx } from '../../db/client';
import { communities, parkingLots, parkingSpaces, residents, rooms } from '../../db/schema';

/** Names of an import file turned into ids, each kind loaded in one query for the whole file. */
export async function importLookups(
  tx: Tx,
  auth: Auth,
  sheet: SheetRow[],
  cols: { mobile?: string; room?: string; space?: string },
) {
  const values = (h: string | undefined) =>
    h ? [...new Set(sheet.map((r) => r.values[h] ?? '').filter(Boolean))] : [];
  const lots = await tx
    .select({
      id: parkingLots.id,
      name: parkingLots.name,
      communityId: parkingLots.communityId,
      community: communities.name,
    })
    .from(parkingLots)
    .innerJoin(communities, eq(communities.id, parkingLots.communityId))
    .where(and(eq(parkingLots.cmpId, auth.cmpId), inScope(auth, parkingLots.communityId)));
  const mobiles = values(cols.mobile);
  const people = mobiles.length
    ? await tx
        .select({ id: residents.id, mobile: residents.mobile })
        .from(residents)
        .where(and(eq(residents.cmpId, auth.cmpId), eq(residents.isDeleted, false), inArray(residents.mobile, mobiles)))
    : [];
  const roomNames = values(cols.room);
  const roomRows = roomNames.length
    ? await tx
        .select({ id: rooms.id, name: rooms.fullName, communityId: rooms.communityId })
        .from(rooms)
        .where(and(eq(rooms.cmpId, auth.cmpId), inArray(rooms.fullName, roomNames)))
    : [];
  const spaceNos = values(cols.space);
  const spaceRows = spaceNos.length
    ? await tx
        .select({ id: parkingSpaces.id, no: parkingSpaces.spaceNo, lotId: parkingSpaces.lotId })
        .from(parkingSpaces)
        .where(and(eq(parkingSpaces.cmpId, auth.cmpId), inArray(parkingSpaces.spaceNo, spaceNos)))
    : [];
  const lotBy = new Map(lots.map((l) => [`${l.community}|${l.name}`, l]));
  const residentBy = new Map(people.map((p) => [p.mobile, p.id]));
  const roomBy = new Map(roomRows.map((r) => [`${r.communityId}|${r.name}`, r.id]));
  const spaceBy = new Map(spaceRows.map((s) => [`${s.lotId}|${s.no}`, s.id]));
  return {
    lot: (community: string, name: string) => lotBy.get(`${community}|${name}`),
    resident: (mobile: string) => residentBy.get(mobile),
    room: (communityId: number, name: string) => roomBy.get(`${communityId}|${name}`),
    space: (lotId: number, no: string) => spaceBy.get(`${lotId}|${no}`),
  };
}
