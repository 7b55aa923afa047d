import { ArchiveSaveBody, birthDateOfIdCard, CONTRACT_TYPES } from '@linli/shared';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import type { FormField, TreeOption } from '../../../components/crud';
import { ImageField, zodRule } from '../../../components/crud';
import { EDUCATION_OPTIONS, STATUS_OPTIONS } from '../archives/columns';
import type { ArchiveDetail } from './api';
import { AttachmentsField } from './attachments-field';

type V = ArchiveDetail;
const rule = (name: keyof ArchiveSaveBody & string) => [zodRule(ArchiveSaveBody, name)];
const ymd = (v: unknown) => (v && typeof (v as Dayjs).format === 'function' ? (v as Dayjs).format('YYYY-MM-DD') : '');

/** The birth date must agree with the ID number (the server checks it too). */
const birthRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, v) => {
    const fromId = birthDateOfIdCard(String(getFieldValue('IdCard') ?? ''));
    return v && fromId && ymd(v) !== fromId ? Promise.reject(new Error('出生日期与身份证号不符')) : Promise.resolve();
  },
});

const contractEndRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, v) => {
    const start = ymd(getFieldValue('ContractStart'));
    return v && start && ymd(v) < start ? Promise.reject(new Error('合同结束日期不能早于开始日期')) : Promise.resolve();
  },
});

export function archiveFields(departments: TreeOption[]): FormField<V>[] {
  const s1 = '基本信息';
  const s2 = '工作信息';
  const s3 = '合同信息';
  const s4 = '紧急联系人';
  const s5 = '附件';
  return [
    { section: s1, name: 'EmployeeNo', label: '工号', rules: rule('EmployeeNo'), maxLength: 20, span: 8 },
    { section: s1, name: 'Name', label: '姓名', rules: rule('Name'), maxLength: 20, span: 8 },
    {
      section: s1,
      name: 'Gender',
      label: '性别',
      type: 'radio',
      span: 8,
      rules: rule('Gender'),
      options: [
        { value: 1, label: '男' },
        { value: 2, label: '女' },
      ],
    },
    {
      section: s1,
      name: 'IdCard',
      label: '身份证号',
      rules: rule('IdCard'),
      maxLength: 18,
      span: 8,
      extra: '填写后自动带出出生日期',
    },
    { section: s1, name: 'BirthDate', label: '出生日期', type: 'date', rules: [birthRule], span: 8 },
    { section: s1, name: 'Phone', label: '手机', rules: rule('Phone'), maxLength: 11, span: 8 },
    { section: s1, name: 'Nation', label: '民族', rules: rule('Nation'), maxLength: 20, span: 8 },
    { section: s1, name: 'NativePlace', label: '籍贯', rules: rule('NativePlace'), maxLength: 50, span: 8 },
    { section: s1, name: 'Education', label: '学历', type: 'select', options: EDUCATION_OPTIONS, span: 8 },
    { section: s1, name: 'School', label: '毕业院校', rules: rule('School'), maxLength: 50, span: 8 },
    { section: s1, name: 'Major', label: '专业', rules: rule('Major'), maxLength: 50, span: 8 },
    { section: s1, name: 'Address', label: '住址', rules: rule('Address'), maxLength: 100, span: 8 },
    { section: s1, name: 'Photo', label: '照片', render: () => <ImageField /> },
    { section: s2, name: 'DptId', label: '部门', type: 'treeSelect', treeData: departments, span: 8 },
    { section: s2, name: 'JobTitle', label: '职务', rules: rule('JobTitle'), maxLength: 30, span: 8 },
    { section: s2, name: 'EntryDate', label: '入职日期', type: 'date', rules: rule('EntryDate'), span: 8 },
    { section: s2, name: 'ProbationEnd', label: '试用期结束', type: 'date', span: 8 },
    {
      section: s2,
      name: 'Status',
      label: '状态',
      type: 'select',
      options: STATUS_OPTIONS,
      span: 8,
      hidden: (_v, editing) => !editing,
      extra: '离职档案改回在职即为重新入职（清除离职日期）；办理离职请在列表中操作',
    },
    {
      section: s3,
      name: 'ContractType',
      label: '合同类型',
      type: 'select',
      options: CONTRACT_TYPES.map((c) => ({ value: c, label: c })),
      span: 8,
    },
    { section: s3, name: 'ContractStart', label: '合同开始日期', type: 'date', span: 8 },
    { section: s3, name: 'ContractEnd', label: '合同结束日期', type: 'date', rules: [contractEndRule], span: 8 },
    { section: s4, name: 'EmergencyName', label: '紧急联系人', rules: rule('EmergencyName'), maxLength: 20, span: 8 },
    { section: s4, name: 'EmergencyRelation', label: '关系', rules: rule('EmergencyRelation'), maxLength: 20, span: 8 },
    { section: s4, name: 'EmergencyPhone', label: '联系电话', rules: rule('EmergencyPhone'), maxLength: 20, span: 8 },
    { section: s5, name: 'Attachments', label: '附件', render: () => <AttachmentsField /> },
    { section: s5, name: 'Remark', label: '备注', type: 'textarea', maxLength: 500 },
  ];
}
