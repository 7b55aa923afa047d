import {
  LOT_TYPES,
  PLATE_COLORS,
  SPACE_STATUS,
  SPACE_TYPES,
  VALID_STATE_FILTER_NAMES,
  VEHICLE_STATUS,
  VEHICLE_TYPES,
} from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../app/request';
import type { Option } from '../../../components/crud';

/** Select options from the shared code lists (index = code; blank names are unused codes). */
export const codeOptions = (list: readonly string[]): Option[] =>
  list.flatMap((label, value) => (label ? [{ value, label }] : []));

export const lotTypeOptions = codeOptions(LOT_TYPES);
export const spaceTypeOptions = codeOptions(SPACE_TYPES);
export const spaceStatusOptions = codeOptions(SPACE_STATUS);
export const plateColorOptions = codeOptions(PLATE_COLORS);
export const vehicleTypeOptions = codeOptions(VEHICLE_TYPES);
export const vehicleStatusOptions = codeOptions(VEHICLE_STATUS);
export const validStateOptions = codeOptions(VALID_STATE_FILTER_NAMES);

/** Chip colours of 蓝/黄/绿/白/黑 plates: background and text. */
export const PLATE_CHIP: Record<number, { bg: string; fg: string; border: string }> = {
  1: { bg: '#1d4ed8', fg: '#ffffff', border: '#1d4ed8' },
  2: { bg: '#facc15', fg: '#1f2937', border: '#eab308' },
  3: { bg: '#bbf7d0', fg: '#14532d', border: '#22c55e' },
  4: { bg: '#ffffff', fg: '#1f2937', border: '#9ca3af' },
  5: { bg: '#111827', fg: '#ffffff', border: '#111827' },
};

export interface LotOption {
  Id: number;
  Name: string;
  CommunityId: number;
  CommunityName: string;
  SpaceCount: number;
}

/** The lots of the user's communities (pickers), under the lots root so a lot save refreshes them. */
export function useLotOptions(communityId?: number) {
  return useQuery({
    queryKey: ['lots', 'options', communityId ?? 0],
    queryFn: () => request<LotOption[]>('/ParkingLot/Options', communityId ? { CommunityId: communityId } : {}),
    staleTime: 30_000,
    select: (rows) =>
      rows.map((l) => ({ value: l.Id, label: communityId ? l.Name : `${l.CommunityName} ${l.Name}`, lot: l })),
  });
}
