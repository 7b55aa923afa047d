import type { MeterOption } from './api';

/**
 * A picker line. A meter bound elsewhere stays pickable and names its room, so the clerk learns where it is
 * (the server then refuses the bind with the same room named, acceptance 6).
 */
export function meterOptionLabel(m: MeterOption, roomId: number): string {
  const head = `${m.MeterTypeName} ${m.MeterNo}`;
  if (!m.RoomId) return `${head}（读数 ${m.LastReading}）`;
  return `${head}（${m.RoomId === roomId ? '已绑定本房间' : `已绑定 ${m.RoomName}`}）`;
}
