import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ResidentDetail } from './api';
import { fromLinkForm, rolesOf, toResidentForm, toSaveBody } from './form-logic';

describe('resident form values', () => {
  it('keeps only the fields of each role', () => {
    const base = { Path: { RoomId: 5 }, MoveInDate: dayjs('2025-05-01'), Relation: '配偶', IsPrimary: true };
    expect(fromLinkForm({ ...base, Role: 1 })).toMatchObject({ RoomId: 5, IsPrimary: true, Relation: undefined });
    expect(fromLinkForm({ ...base, Role: 2 })).toMatchObject({ Relation: '配偶', IsPrimary: false });
    expect(fromLinkForm({ ...base, Role: 3, LeaseEnd: dayjs('2026-04-30') })).toMatchObject({
      Id: 0,
      MoveInDate: '2025-05-01',
      LeaseEnd: '2026-04-30',
    });
  });

  it('loads active links only and writes dates back as text', () => {
    const d = {
      Id: 3,
      Name: '张三',
      Birthday: '1990-03-07',
      Rooms: [
        {
          Id: 1,
          CommunityId: 1,
          RoomId: 9,
          RoomName: '1栋-1201',
          Role: 1,
          MoveInDate: '2020-01-01',
          MoveOutDate: null,
        },
        {
          Id: 2,
          CommunityId: 1,
          RoomId: 8,
          RoomName: '1栋-1202',
          Role: 3,
          MoveInDate: '2019-01-01',
          MoveOutDate: '2019-12-31',
        },
      ],
    } as unknown as ResidentDetail;
    const form = toResidentForm(d);
    expect((form.Rooms as unknown[]).length).toBe(1);
    const body = toSaveBody(3, form);
    expect(body).toMatchObject({ Id: 3, Name: '张三', Birthday: '1990-03-07' });
    expect(body.Rooms?.[0]).toMatchObject({ Id: 1, RoomId: 9, MoveInDate: '2020-01-01' });
    expect(rolesOf([{ Role: 2 }, { Role: 3 }])).toEqual([2, 3]);
  });
});
