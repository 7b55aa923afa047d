import type { PositionRight } from '@linli/shared';
import { request } from '../../../app/request';

export interface Position {
  Id: number;
  Name: string;
  Remark: string;
  IsSystem: boolean;
  StaffCount: number;
}

export interface PositionMember {
  Id: number;
  UserName: string;
  UserAccount: string;
  DptName: string;
  State: number;
}

export interface PositionDetail extends Omit<Position, 'StaffCount'> {
  Rights: PositionRight[];
  Members: PositionMember[];
}

/** /Position/RightTree: menu groups → screens → each screen's button keys. */
export interface RightGroup {
  Key: string;
  Title: string;
  Children: { Key: string; Title: string; Buttons: { Key: string; Title: string }[] }[];
}

export const POSITIONS = 'positions';
export const positionKeys = {
  list: () => [POSITIONS, 'list'] as const,
  detail: (id: number) => [POSITIONS, 'detail', id] as const,
  tree: () => ['right-tree'] as const,
};

export const getPositions = () => request<Position[]>('/Position/GetList');
export const getPosition = (Id: number) => request<PositionDetail>('/Position/Get', { Id });
export const getRightTree = () => request<RightGroup[]>('/Position/RightTree');
export const savePosition = (body: { Id: number; Name: string; Remark?: string; Rights?: PositionRight[] }) =>
  request<number>('/Position/Save', body);
export const copyPosition = (Id: number, Name: string) => request<number>('/Position/Copy', { Id, Name });
export const deletePosition = (Id: number) => request('/Position/Delete', { Id });
