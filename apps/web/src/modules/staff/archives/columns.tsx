import { EDUCATIONS } from '@linli/shared';
import { Tag, Tooltip } from 'antd';
import type { CrudColumn, SearchField, TreeOption } from '../../../components/crud';
import type { ArchiveRow } from './api';
import { CONTRACT_WARN_COLORS, contractWarnText } from './archive-logic';

export const STATUS_OPTIONS = [
  { value: 1, label: '在职' },
  { value: 2, label: '离职' },
];
export const EDUCATION_OPTIONS = EDUCATIONS.map((e) => ({ value: e, label: e }));

export const archiveColumns: CrudColumn<ArchiveRow>[] = [
  { title: '工号', dataIndex: 'EmployeeNo', width: 90, fixed: 'left', hideable: false },
  { title: '姓名', dataIndex: 'Name', width: 90 },
  { title: '性别', dataIndex: 'GenderText', width: 60 },
  { title: '部门', dataIndex: 'DptName', width: 110 },
  { title: '职务', dataIndex: 'JobTitle', width: 110 },
  { title: '手机', dataIndex: 'Phone', width: 120 },
  { title: '学历', dataIndex: 'Education', width: 80, defaultHidden: true },
  { title: '入职日期', dataIndex: 'EntryDate', width: 110 },
  {
    title: '合同到期',
    dataIndex: 'ContractEnd',
    width: 110,
    render: (end: string, row) => {
      const color = CONTRACT_WARN_COLORS[row.ContractWarn];
      if (!end) return '—';
      return color ? (
        <Tooltip title={contractWarnText(row.ContractWarn)}>
          <span style={{ color, fontWeight: 600 }} data-warn={row.ContractWarn}>
            {end}
          </span>
        </Tooltip>
      ) : (
        end
      );
    },
  },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 80,
    render: (s: number, row) => <Tag color={s === 1 ? 'green' : 'default'}>{row.StatusText}</Tag>,
  },
  { title: '离职日期', dataIndex: 'LeaveDate', width: 110, defaultHidden: true },
  { title: '关联账号', dataIndex: 'UserAccount', width: 110, render: (a: string) => a || '—' },
];

export function archiveSearchFields(departments: TreeOption[]): SearchField[] {
  return [
    { name: 'Keyword', label: '关键字', placeholder: '姓名/工号/手机/职务' },
    { name: 'DptId', label: '部门', type: 'treeSelect', treeData: departments, width: 160 },
    { name: 'Status', label: '状态', type: 'select', options: STATUS_OPTIONS, width: 100 },
    { name: 'Education', label: '学历', type: 'select', options: EDUCATION_OPTIONS, width: 120 },
    { name: 'Entry', label: '入职日期', type: 'dateRange', rangeNames: ['EntryFrom', 'EntryTo'], width: 240 },
    { name: 'ContractDue', label: '合同30天内到期', type: 'checkbox', text: '合同30天内到期' },
  ];
}
