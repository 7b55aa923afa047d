import {
  BUILDING_TYPES,
  DECORATIONS,
  HANDOVER_SOURCES,
  HANDOVER_STATUS,
  METER_TYPES,
  ROOM_STATUS,
  ROOM_TYPES,
} from '@linli/shared';

/** value/label options from a shared name list; index 0 is skipped when it is blank ('' = no such value). */
export function optionsOf(names: readonly string[]): { value: number; label: string }[] {
  return names.flatMap((label, value) => (label ? [{ value, label }] : []));
}

export const roomStatusOptions = optionsOf(ROOM_STATUS);
export const roomTypeOptions = optionsOf(ROOM_TYPES);
export const buildingTypeOptions = optionsOf(BUILDING_TYPES);
export const decorationOptions = optionsOf(DECORATIONS);
export const meterTypeOptions = optionsOf(METER_TYPES);
export const handoverStatusOptions = optionsOf(HANDOVER_STATUS);
export const handoverSourceOptions = optionsOf(HANDOVER_SOURCES);
export const enabledOptions = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
];

/** 房态图 colours (properties.md): 未售 grey, 空置 blue, 已入住 #18ceb4, 已出租 orange, 装修中 purple. */
export const ROOM_STATUS_COLORS = ['#bfbfbf', '#1677ff', '#18ceb4', '#fa8c16', '#722ed1'] as const;

/** Tag colours of the appointment states. */
export const HANDOVER_STATUS_COLORS: Record<number, string> = {
  1: 'gold',
  2: 'blue',
  3: 'cyan',
  4: 'purple',
  5: 'green',
  6: 'orange',
  7: 'red',
  8: 'default',
  9: 'volcano',
};
