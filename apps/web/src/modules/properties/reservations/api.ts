import type { HandoverCompleteBody, HandoverConfigBody, HandoverSaveBody } from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';
import type { MeterRow } from '../rooms/api';

/** A row of /Handover/List. */
export interface AppointmentRow {
  Id: number;
  ApptNo: string;
  CommunityId: number;
  CommunityName: string;
  RoomId: number;
  RoomName: string;
  ResidentId: number;
  OwnerName: string;
  ContactName: string;
  ContactMobile: string;
  ContactMobileMask: string;
  ApptDate: string;
  SlotStart: string;
  SlotEnd: string;
  Slot: string;
  Source: number;
  SourceName: string;
  Status: number;
  StatusName: string;
  ReceptionUserId: number;
  ReceptionName: string;
  Reason: string;
  ParentId: number;
  HandoverDate: string;
  CreateTime: string;
  ConfirmTime: string;
  CheckInTime: string;
  InspectTime: string;
  CompleteTime: string;
  CancelTime: string;
}

/**
 * /Handover/Get: the row, the room's bound meters (办理交房 reads them here; /Meter/ByRoom needs 房间管理) and the
 * record once done.
 */
export interface AppointmentDetail extends AppointmentRow {
  Meters: MeterRow[];
  Record: {
    InspectResults: unknown;
    Keys: unknown;
    MeterReadings: unknown;
    SignatureImg: string;
    OwnerSigned: boolean;
    RoomStatusAfter: number;
    HandoverDate: string;
  } | null;
}

export interface HandoverConfig {
  CommunityId: number;
  StartDate: string;
  EndDate: string;
  Weekdays: number[];
  Slots: { Start: string; End: string; Capacity: number }[];
  ClosedDates: string[];
  LeadDays: number;
  MaxDaysAhead: number;
  InspectItems: string[];
  KeyItems: { Name: string; Qty: number }[];
  Saved: boolean;
}

export interface AvailabilityDay {
  Date: string;
  Open: boolean;
  Slots: { Start: string; End: string; Capacity: number; Booked: number; Left: number }[];
  Booked: number;
  Capacity: number;
}

export interface PrintSheet {
  Title: string;
  ApptNo: string;
  CommunityName: string;
  Address: string;
  ServicePhone: string;
  RoomName: string;
  OwnerName: string;
  ContactName: string;
  ContactMobile: string;
  ApptDate: string;
  Slot: string;
  StatusName: string;
  InspectItems: string[];
  KeyItems: { Name: string; Qty: number }[];
  Notes: string[];
  PrintTime: string;
}

export type BookValues = HandoverSaveBody;
export type CompleteValues = HandoverCompleteBody;
export type ConfigValues = HandoverConfigBody;

/** Query keys start with 'handover'. */
export const HANDOVER = 'handover';

export const handoverList = (p: ListParams) => requestEnvelope<AppointmentRow[]>('/Handover/List', p);
export const handoverGet = (Id: number) => request<AppointmentDetail>('/Handover/Get', { Id });
export const handoverSave = (v: Partial<BookValues>) => request<{ Id: number; ApptNo?: string }>('/Handover/Save', v);
export const handoverStep = (step: 'Confirm' | 'CheckIn' | 'StartInspect', Id: number) =>
  request(`/Handover/${step}`, { Id });
export const handoverReason = (step: 'Reject' | 'Cancel', Id: number, Reason: string) =>
  request(`/Handover/${step}`, { Id, Reason });
export const handoverComplete = (v: Partial<CompleteValues>) => request('/Handover/Complete', v, { json: true });
export const handoverPrint = (Id: number) => request<PrintSheet>('/Handover/Print', { Id });
export const handoverAvailability = (CommunityId: number, DateFrom: string, DateTo: string) =>
  request<AvailabilityDay[]>('/Handover/Availability', { CommunityId, DateFrom, DateTo });
export const handoverConfigGet = (CommunityId: number) =>
  request<HandoverConfig>('/Handover/ConfigGet', { CommunityId });
export const handoverConfigSave = (v: Partial<ConfigValues>) => request('/Handover/ConfigSave', v, { json: true });
