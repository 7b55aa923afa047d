import { RoomSaveBody } from '@linli/shared';
import type { FormRule } from 'antd';
import type { FormField } from '../../../components/crud';
import { zodRule } from '../../../components/crud';
import { PropertyCascader } from '../../../components/pickers';
import type { RoomValues } from '../rooms/api';
import { decorationOptions, roomStatusOptions, roomTypeOptions } from '../shared/labels';
import { OwnerSelect } from './owner-select';
import { innerAreaError } from './room-form-logic';

const rule = (name: keyof RoomSaveBody & string) => [zodRule(RoomSaveBody, name)];

/** 套内面积 ≤ 建筑面积, checked against the other field as the server does. */
const innerAreaRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_r, v) => {
    const msg = innerAreaError(v, getFieldValue('BuildArea'));
    if (msg) throw new Error(msg);
  },
});

const count = (name: 'Bedrooms' | 'Livingrooms' | 'Bathrooms', label: string): FormField<RoomValues> => ({
  name,
  label,
  type: 'number',
  span: 4,
  rules: rule(name),
  props: { min: 0, max: 9, precision: 0 },
});

export type RoomFormValues = RoomValues & { Location?: { CommunityId?: number; BuildingId?: number; UnitId?: number } };

/** The room form (properties.md 房间管理 "Form fields"). */
export function roomFields(ownerName: string): FormField<RoomFormValues>[] {
  return [
    {
      name: 'Location',
      label: '所属单元',
      section: '位置',
      required: true,
      rules: [
        {
          validator: async (_r, v?: { UnitId?: number }) =>
            v?.UnitId ? undefined : Promise.reject(new Error('请选择单元')),
        },
      ],
      render: () => <PropertyCascader depth={3} />,
    },
    { name: 'Floor', label: '楼层', type: 'number', span: 8, rules: rule('Floor'), props: { precision: 0 } },
    { name: 'RoomNo', label: '房号', maxLength: 20, span: 8, rules: rule('RoomNo'), placeholder: '如 1201' },
    { name: 'RoomType', label: '房间类型', type: 'select', options: roomTypeOptions, span: 8, rules: rule('RoomType') },
    {
      name: 'BuildArea',
      label: '建筑面积（㎡）',
      type: 'number',
      span: 8,
      section: '面积与户型',
      rules: rule('BuildArea'),
      props: { min: 0, precision: 2, stringMode: true },
    },
    {
      name: 'InnerArea',
      label: '套内面积（㎡）',
      type: 'number',
      span: 8,
      rules: [...rule('InnerArea'), innerAreaRule],
      props: { min: 0, precision: 2, stringMode: true },
    },
    {
      name: 'FeeCoefficient',
      label: '收费系数',
      type: 'number',
      span: 8,
      rules: rule('FeeCoefficient'),
      extra: '按面积计费时乘以该系数',
      props: { min: 0.01, max: 9.99, step: 0.1, precision: 2, stringMode: true },
    },
    count('Bedrooms', '室'),
    count('Livingrooms', '厅'),
    count('Bathrooms', '卫'),
    { name: 'Decoration', label: '装修', type: 'select', options: decorationOptions, span: 12 },
    { name: 'Status', label: '状态', type: 'select', options: roomStatusOptions, span: 8, section: '状态与业主' },
    { name: 'HandoverDate', label: '交房日期', type: 'date', span: 8 },
    { name: 'OwnerResidentId', label: '业主', span: 8, render: () => <OwnerSelect currentName={ownerName} /> },
    {
      name: 'Reason',
      label: '状态变更原因',
      maxLength: 200,
      span: 24,
      hidden: (_v, editing) => !editing,
      placeholder: '修改状态时填写，记入状态变更',
    },
  ];
}
