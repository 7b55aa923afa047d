export {
  getCommunityOptions,
  getDepartmentTree,
  getStaffPicks,
  type NamedOption,
  pickerKeys,
  type StaffPick,
} from './api';
export {
  DEPARTMENT_TYPE_NAMES,
  type DepartmentNode,
  departmentOptions,
  filterDepartments,
  indexDepartments,
  parentOptions,
} from './department-tree';
export { DepartmentTreePanel } from './department-tree-panel';
export { useCommunityOptions, useDepartmentTree, useStaffOptions } from './use-pickers';
export { getBuildingOptions, getRoomOptions, getUnitOptions, type RoomOption, type UnitOption } from './api';
export { CASCADE_LEVELS, changeLevel, deepestLevel, type PropertyPath, pathParams } from './cascade-logic';
export { PropertyCascader, type PropertyCascaderProps } from './property-cascader';
