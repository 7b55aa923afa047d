import { BuildingSaveBody } from '@linli/shared';
import type { FormField, Option } from '../../../components/crud';
import { zodRule } from '../../../components/crud';
import type { BuildingValues } from '../buildings/api';
import { buildingTypeOptions } from '../shared/labels';

const rule = (name: keyof BuildingSaveBody & string) => [zodRule(BuildingSaveBody, name)];

/** The building form (properties.md 楼宇管理 "Form fields"); units are edited below these fields. */
export function buildingFields(communities: Option[]): FormField<BuildingValues>[] {
  return [
    {
      name: 'CommunityId',
      label: '小区',
      type: 'select',
      options: communities,
      span: 12,
      rules: rule('CommunityId'),
      disabled: (_v, editing) => editing,
    },
    { name: 'Name', label: '楼宇名称', maxLength: 30, span: 12, rules: rule('Name'), placeholder: '如 1栋' },
    { name: 'Code', label: '楼号', maxLength: 20, span: 8, rules: rule('Code') },
    { name: 'BuildingType', label: '类型', type: 'select', options: buildingTypeOptions, span: 8 },
    { name: 'Sort', label: '排序', type: 'number', span: 8, rules: rule('Sort'), props: { min: 0, precision: 0 } },
    {
      name: 'FloorsAbove',
      label: '地上层数',
      type: 'number',
      span: 8,
      rules: rule('FloorsAbove'),
      props: { min: 1, max: 99, precision: 0 },
    },
    {
      name: 'FloorsBelow',
      label: '地下层数',
      type: 'number',
      span: 8,
      rules: rule('FloorsBelow'),
      props: { min: 0, max: 9, precision: 0 },
    },
    {
      name: 'HasLift',
      label: '电梯',
      type: 'switch',
      span: 8,
      props: { checkedChildren: '有', unCheckedChildren: '无' },
    },
  ];
}
