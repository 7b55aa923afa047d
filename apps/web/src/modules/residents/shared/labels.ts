import type { Option } from '../../../components/crud';

/** ResidentRoom.Role (residents.md). */
export const ROLE_NAMES: Record<number, string> = { 1: '业主', 2: '家属', 3: '租户' };
export const ROLE_COLORS: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'orange' };
export const RELATIONS = ['配偶', '子女', '父母', '其他'] as const;
export const GENDER_NAMES: Record<number, string> = { 0: '未知', 1: '男', 2: '女' };
export const SOURCE_NAMES: Record<number, string> = { 1: '后台', 2: '业主APP', 3: '导入' };
export const STATUS_NAMES: Record<number, string> = { 1: '在住', 2: '已迁出' };
export const ID_TYPE_NAMES: Record<number, string> = {
  1: '身份证',
  2: '护照',
  3: '港澳通行证',
  4: '台胞证',
  5: '其他',
};
/** Registration.Status. */
export const REG_STATUS_NAMES: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已撤回' };
export const REG_STATUS_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };
export const REJECT_PRESETS = ['信息不符', '非本小区住户', '材料不清晰'] as const;
/** FaceSync.State. */
export const SYNC_STATE_NAMES: Record<number, string> = { 0: '待同步', 1: '已同步', 2: '失败' };
export const SYNC_STATE_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };
export const FACE_SOURCE_NAMES: Record<number, string> = { 1: '后台上传', 2: '业主APP', 3: '设备采集' };

/** A code → name map as select options, codes as numbers. */
export const optionsOf = (names: Record<number, string>): Option[] =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

export const roleOptions = optionsOf(ROLE_NAMES);
export const relationOptions: Option[] = RELATIONS.map((r) => ({ value: r, label: r }));
export const genderOptions = optionsOf(GENDER_NAMES);
export const idTypeOptions = optionsOf(ID_TYPE_NAMES);

/** Shown where a photo does not load (a grey square), instead of the browser's broken-image alt text. */
export const IMAGE_FALLBACK =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='48' height='48'><rect width='48' height='48' fill='%23f0f0f0'/><text x='24' y='29' font-size='11' text-anchor='middle' fill='%23999'>无图</text></svg>";
