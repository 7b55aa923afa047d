/** One position on a floor (01, 02 …) with its areas, as 生成房间 sends it. */
export interface Position {
  Seq: number;
  BuildArea?: string | number | null;
  InnerArea?: string | number | null;
}

/** Defaults of the first positions (properties.md: 01 → 89.50/72.30); later ones repeat the last default. */
const DEFAULT_AREAS: [string, string][] = [
  ['89.50', '72.30'],
  ['126.80', '102.40'],
  ['96.20', '78.60'],
  ['143.50', '116.90'],
];

/** The position rows for `perFloor` rooms a floor: existing entries are kept, new ones get the defaults. */
export function positionsFor(perFloor: number, existing: readonly Position[] = []): Position[] {
  const n = Math.max(0, Math.min(50, Math.floor(perFloor || 0)));
  return Array.from({ length: n }, (_, i) => {
    const seq = i + 1;
    const old = existing.find((p) => p.Seq === seq);
    if (old) return old;
    const [ba, ia] = DEFAULT_AREAS[Math.min(i, DEFAULT_AREAS.length - 1)]!;
    return { Seq: seq, BuildArea: ba, InnerArea: ia };
  });
}

/** Room number of a position: floor×100 + sequence above ground, B1 01 → 'B101' below. */
export function roomNumber(floor: number, seq: number): string {
  return floor > 0 ? String(floor * 100 + seq) : `B${-floor}${String(seq).padStart(2, '0')}`;
}

/** '101、102 … 602' for the dialog's example line. */
export function numberExample(from: number, to: number, perFloor: number): string {
  if (!perFloor || to < from) return '';
  const first = from === 0 ? 1 : from;
  const last = to === 0 ? -1 : to;
  const head = [roomNumber(first, 1), perFloor > 1 ? roomNumber(first, 2) : null].filter(Boolean);
  return `${head.join('、')} … ${roomNumber(last, perFloor)}`;
}

/** Rooms the inputs describe before existing ones are skipped: units × floors (0 left out) × rooms a floor. */
export function plannedCount(units: number, from: number, to: number, perFloor: number): number {
  if (to < from) return 0;
  const floors = to - from + 1 - (from <= 0 && to >= 0 ? 1 : 0);
  return Math.max(0, units * floors * perFloor);
}
