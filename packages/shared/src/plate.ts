/**
 * Plates (domain/parking-access.md 车辆管理 "Plate"): upper-cased, spaces, · and - removed, then either a 7-character
 * plate or an 8-character new-energy plate (GA 36-2018). Web and server use the same functions.
 */

export const MSG_PLATE_INVALID = '请输入正确的车牌号';
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

const P = `[${PLATE_PROVINCES}]`;
/** Letters and digits of a plate never include I or O. */
const LETTER = '[A-HJ-NP-Z]';
const CHAR = '[A-HJ-NP-Z0-9]';
const ENERGY = '[DABCEFGHJK]';
const SEVEN = new RegExp(`^${P}${LETTER}${CHAR}{4}[A-HJ-NP-Z0-9挂学警港澳]$`);
const EIGHT = new RegExp(`^${P}${LETTER}(${ENERGY}${CHAR}\\d{4}|\\d{5}${ENERGY})$`);

/** Upper-cases and removes spaces (full-width too), middle dots and dashes: '粤b·123 45' → '粤B12345'. */
export function normalisePlate(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .toUpperCase()
    .replace(/[\s\u3000·•・\-－—]/g, '');
}

/** A normalised plate's form: 7, 8 (new energy) or null when it is not a plate. */
export function plateKind(plate: string): 7 | 8 | null {
  if (SEVEN.test(plate)) return 7;
  if (EIGHT.test(plate)) return 8;
  return null;
}

/** null when the (normalised) plate is valid, else '请输入正确的车牌号'. */
export function checkPlate(value: string): string | null {
  return plateKind(normalisePlate(value)) ? null : MSG_PLATE_INVALID;
}

/** PlateColor when none is given: 3绿 for an 8-character plate, else 1蓝. */
export function defaultPlateColor(plate: string): number {
  return normalisePlate(plate).length === 8 ? 3 : 1;
}
