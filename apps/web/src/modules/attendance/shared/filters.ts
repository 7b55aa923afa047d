import { ATT_PUNCH_SOURCES, ATT_PUNCH_STATES } from '@linli/shared';
import type { Option, SearchField, TreeOption } from '../../../components/crud';

const codes = (names: readonly string[]): Option[] =>
  names.flatMap((label, value) => (value ? [{ value, label }] : []));

export const stateOptions = codes(ATT_PUNCH_STATES);
export const sourceOptions = codes(ATT_PUNCH_SOURCES);

/** The filters 打卡记录 and 考勤统计 share: 部门 (tree), 员工, 考勤组. */
export const staffFilters = (departments: TreeOption[], people: Option[], groups: Option[]): SearchField[] => [
  { name: 'DptId', label: '部门', type: 'treeSelect', treeData: departments, width: 160 },
  { name: 'UserId', label: '员工', type: 'select', options: people, width: 140 },
  { name: 'GroupId', label: '考勤组', type: 'select', options: groups, width: 150 },
];

/** Colour of a punch State: 正常 green, 迟到/早退 orange, 缺卡 red, 外勤 blue, 请假 purple, 未打卡 grey. */
export const stateColor = (state: number) =>
  ({ 1: 'green', 2: 'orange', 3: 'orange', 4: 'red', 5: 'blue', 6: 'purple', 7: 'default' })[state] ?? 'default';
