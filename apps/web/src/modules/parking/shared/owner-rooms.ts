import { useQuery } from '@tanstack/react-query';
import { request } from '../../../app/request';

/** The rooms a resident lives in now (the 房屋 picker of the space and vehicle forms). */
export function useOwnerRooms(residentId?: number | null, communityId?: number) {
  return useQuery({
    queryKey: ['residents', 'owner-rooms', residentId ?? 0, communityId ?? 0],
    queryFn: () =>
      request<{ Id: number; Name: string }[]>('/ParkingSpace/OwnerRooms', {
        ResidentId: residentId,
        ...(communityId ? { CommunityId: communityId } : {}),
      }),
    enabled: !!residentId,
    select: (rows) => rows.map((r) => ({ value: r.Id, label: r.Name })),
  });
}
