import { describe, expect, it } from 'vitest';
import { checkPlate, defaultPlateColor, MSG_PLATE_INVALID, normalisePlate, plateKind } from './plate';
import { zPlate } from './zod-rules';

describe('plates (parking-access.md)', () => {
  it('normalises case, spaces, middle dots and dashes before checking', () => {
    expect(normalisePlate(' 粤b·123 45 ')).toBe('粤B12345');
    expect(normalisePlate('京a-d1234　5')).toBe('京AD12345');
    expect(checkPlate('粤b·12345')).toBeNull();
  });

  it('takes 7-character plates with letters other than I and O, and the special last characters', () => {
    for (const ok of ['粤B12345', '京AF0236', '沪A1234学', '粤Z1234港', '川A1234挂', '琼EA1B2C'])
      expect(plateKind(ok)).toBe(7);
    for (const bad of ['粤B1234', '粤I12345', '粤BO2345', '粤B1234I', 'XB12345', '粤112345', '粤B123456789', '']) {
      expect(checkPlate(bad)).toBe(MSG_PLATE_INVALID);
    }
  });

  it('takes 8-character new-energy plates: small cars D/F.. then 4 digits, large cars 5 digits then D/F..', () => {
    expect(plateKind('粤BD12345')).toBe(8);
    expect(plateKind('粤BFA1234')).toBe(8);
    expect(plateKind('粤B12345D')).toBe(8);
    for (const bad of ['粤BL12345', '粤BD1234A', '粤B1234DD', '粤B12345L', '粤BDI2345'])
      expect(plateKind(bad)).toBeNull();
  });

  it('defaults the colour to 绿 for 8 characters and 蓝 otherwise', () => {
    expect(defaultPlateColor('粤BD12345')).toBe(3);
    expect(defaultPlateColor('粤B12345')).toBe(1);
  });

  it('zPlate answers the exact message and returns the normalised plate', () => {
    expect(zPlate().safeParse('粤B1234').error?.issues[0]?.message).toBe(MSG_PLATE_INVALID);
    expect(zPlate().safeParse('').error?.issues[0]?.message).toBe('请输入车牌号');
    expect(zPlate().parse('粤bd 12345')).toBe('粤BD12345');
  });
});
