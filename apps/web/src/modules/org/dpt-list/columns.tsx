import { DepartmentSaveBody } from '@linli/shared';
import { Tag } from 'antd';
import type { CrudColumn, FormField, Option, TreeOption } from '../../../components/crud';
import { zodRule } from '../../../components/crud';
import type { StaffPick } from '../../../components/pickers';
import type { Department } from './api';

const rule = (name: keyof DepartmentSaveBody & string) => [zodRule(DepartmentSaveBody, name)];

/** Staff of the selected node (GetUserListV2 by DptId, with descendants). */
export const staffColumns: CrudColumn<StaffPick>[] = [
  { title: '姓名', dataIndex: 'UserName', width: 120 },
  { title: '登录账号', dataIndex: 'UserAccount', width: 140 },
  { title: '手机', dataIndex: 'Phone', width: 130 },
  { title: '部门', dataIndex: 'DptName', width: 140 },
  {
    title: '岗位',
    dataIndex: 'PositionNames',
    render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>),
  },
];

export const typeOptions: Option[] = [
  { value: 3, label: '部门' },
  { value: 2, label: '分公司' },
];

export function departmentFields(parents: TreeOption[], leaders: Option[]): FormField<Department>[] {
  return [
    { name: 'DptName', label: '部门名称', rules: rule('DptName'), maxLength: 30 },
    {
      name: 'ParentId',
      label: '上级',
      type: 'treeSelect',
      treeData: parents,
      required: true,
      rules: [{ required: true, message: '请选择上级部门' }],
    },
    { name: 'Type', label: '类型', type: 'radio', options: typeOptions, extra: '分公司只能建在公司或分公司下' },
    { name: 'LeaderId', label: '负责人', type: 'select', options: leaders, span: 12 },
    { name: 'Tel', label: '电话', rules: rule('Tel'), maxLength: 20, span: 12 },
    {
      name: 'Sort',
      label: '排序',
      type: 'number',
      rules: rule('Sort'),
      props: { min: 0, max: 999, precision: 0 },
      span: 12,
    },
    { name: 'Remark', label: '备注', type: 'textarea', rules: rule('Remark'), maxLength: 200 },
  ];
}
