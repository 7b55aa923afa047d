import type { CommunitySaveBody } from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';

/** A row of /Community/List and the answer of /Community/Get. */
export interface CommunityRow {
  Id: number;
  Name: string;
  Code: string;
  Province: string;
  City: string;
  District: string;
  Address: string;
  BuildArea: string | null;
  ServicePhone: string;
  ManagerUserId: number | null;
  ManagerName: string;
  DeliveryDate: string | null;
  Photos: string[];
  Status: number;
  StatusName: string;
  BuildingCount: number;
  RoomCount: number;
  OccupancyRate: string;
}

export type CommunityValues = CommunitySaveBody;

/** Query keys start with 'communities' (the picker's ['communities', 'options'] reloads with every save). */
export const COMMUNITIES = 'communities';

export const communityList = (p: ListParams) => requestEnvelope<CommunityRow[]>('/Community/List', p);
export const communityGet = (Id: number) => request<CommunityRow>('/Community/Get', { Id });
export const communitySave = (v: Partial<CommunityValues>) => request<{ Id: number }>('/Community/Save', v);
export const communityDelete = (Id: number) => request('/Community/Delete', { Id });
