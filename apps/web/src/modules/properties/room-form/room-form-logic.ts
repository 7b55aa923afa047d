const cents = (v: unknown) => Math.round(Number(v) * 100);
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** '套内面积不能大于建筑面积' when both are given and the inner area is larger (compared in cents). */
export function innerAreaError(inner: unknown, build: unknown): string | undefined {
  if (blank(inner) || blank(build)) return undefined;
  return cents(inner) > cents(build) ? '套内面积不能大于建筑面积' : undefined;
}

/** The form's location picker ↔ the body's UnitId; server errors on UnitId show on the picker. */
export function toRoomBody<V extends { Location?: { UnitId?: number } }>(values: V) {
  const { Location, ...rest } = values;
  return { ...rest, UnitId: Location?.UnitId };
}
