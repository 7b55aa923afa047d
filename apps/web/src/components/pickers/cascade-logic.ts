/** A place in the 小区 → 楼宇 → 单元 → 房间 chain; a missing level means "all". */
export interface PropertyPath {
  CommunityId?: number;
  BuildingId?: number;
  UnitId?: number;
  RoomId?: number;
}

export const CASCADE_LEVELS = ['CommunityId', 'BuildingId', 'UnitId', 'RoomId'] as const;
export type CascadeLevel = (typeof CASCADE_LEVELS)[number];

/** Picks `value` at `level` and clears every level below it (a new building has none of the old units). */
export function changeLevel(path: PropertyPath, level: CascadeLevel, value: number | undefined): PropertyPath {
  const at = CASCADE_LEVELS.indexOf(level);
  const next: PropertyPath = {};
  for (const [i, l] of CASCADE_LEVELS.entries()) {
    if (i < at && path[l]) next[l] = path[l];
  }
  if (value) next[level] = value;
  return next;
}

/** The path as call parameters: only the levels that are set. */
export function pathParams(path: PropertyPath | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of CASCADE_LEVELS) if (path?.[l]) out[l] = path[l];
  return out;
}

/** The deepest level set ('CommunityId' …), or null when nothing is picked. */
export function deepestLevel(path: PropertyPath | undefined): CascadeLevel | null {
  let found: CascadeLevel | null = null;
  for (const l of CASCADE_LEVELS) if (path?.[l]) found = l;
  return found;
}
