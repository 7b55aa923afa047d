import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromFormValues } from '../../../components/crud';
import { cardSaveBody, type Values } from './card-drawer';

describe('cardSaveBody', () => {
  it('sends the dates the drawer hands over (already YYYY-MM-DD after fromFormValues) and the id lists as JSON', () => {
    const form: Values = {
      Id: 0,
      CommunityId: 1,
      CardNo: 'WALK9001',
      CardType: 1,
      HolderKind: 1,
      HolderResidentId: 5,
      RoomIds: [],
      LaneIds: [3, 4],
      ValidFrom: dayjs('2026-11-24'),
      ValidTo: dayjs('2027-11-24'),
    };
    const body = cardSaveBody(fromFormValues(form));
    expect(body).toMatchObject({
      ValidFrom: '2026-11-24',
      ValidTo: '2027-11-24',
      RoomIds: '[]',
      LaneIds: '[3,4]',
      CardNo: 'WALK9001',
    });
    expect(cardSaveBody(form)).toMatchObject({ ValidFrom: '2026-11-24', ValidTo: '2027-11-24' });
  });
});
