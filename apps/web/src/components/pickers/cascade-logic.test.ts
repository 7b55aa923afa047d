import { describe, expect, it } from 'vitest';
import { changeLevel, deepestLevel, pathParams } from './cascade-logic';

describe('property cascade', () => {
  it('clears the levels below a change', () => {
    expect(changeLevel({ CommunityId: 1, BuildingId: 2, UnitId: 3, RoomId: 4 }, 'BuildingId', 5)).toEqual({
      CommunityId: 1,
      BuildingId: 5,
    });
    expect(changeLevel({ CommunityId: 1, BuildingId: 2 }, 'CommunityId', undefined)).toEqual({});
  });
  it('keeps the levels above a change', () => {
    expect(changeLevel({ CommunityId: 1, BuildingId: 2 }, 'UnitId', 7)).toEqual({
      CommunityId: 1,
      BuildingId: 2,
      UnitId: 7,
    });
  });
  it('sends only the levels that are set', () => {
    expect(pathParams({ CommunityId: 1, BuildingId: 0 })).toEqual({ CommunityId: 1 });
    expect(pathParams(undefined)).toEqual({});
  });
  it('names the deepest level', () => {
    expect(deepestLevel({ CommunityId: 1, BuildingId: 2 })).toBe('BuildingId');
    expect(deepestLevel({})).toBeNull();
  });
});
