import { splitBtn } from './btn-list';
import { screenKeys } from './roles';

/** A button key a position may be granted on a screen, with its label in the position editor. */
export interface ButtonKey {
  key: string;
  title: string;
}

/** Every screen offers these (domain/README.md "Button keys"). */
export const standardButtons: readonly ButtonKey[] = [
  { key: 'add', title: '新增' },
  { key: 'edit', title: '编辑' },
  { key: 'del', title: '删除' },
  { key: 'export', title: '导出' },
  { key: 'import', title: '导入' },
  { key: 'view', title: '查看' },
];

/**
 * Area verbs per screen key, gathered from the "Button keys" lists and the screen descriptions in domain/*.md.
 * A verb's label is per screen because the same key means different things (confirm = 确认交班 / 确认到账 …).
 */
const areaVerbs: Record<string, [key: string, title: string][]> = {
  yggl_yggl: [
    ['resetpwd', '重置密码'],
    ['unlock', '解锁'],
    ['state', '启用/停用'],
  ],
  yggl_ygda: [['leave', '办理离职']],
  fcgl_lygl: [['genroom', '生成房间']],
  fcgl_fjgl: [['linkmeter', '绑定仪表']],
  fcgl_jfyy: [
    ['slot', '时段设置'],
    ['confirm', '确认/拒绝'],
    ['cancel', '取消'],
    ['checkin', '签到'],
    ['handover', '办理交房'],
    ['print', '打印确认单'],
  ],
  zhgl_zhgl: [
    ['moveout', '迁出'],
    ['approve', '审核'],
  ],
  zhgl_rlk: [['sync', '重新同步']],
  cwcl_clgl: [['renew', '续期']],
  txgl_kpgl: [
    ['lost', '挂失/解挂'],
    ['cancel', '注销'],
  ],
  txgl_cdgl: [
    ['resetkey', '重置密钥'],
    ['open', '远程开闸'],
  ],
  sfgl_sfxm: [
    ['generate', '批量出账'],
    ['bind', '绑定'],
  ],
  sfgl_jft: [
    ['pay', '收款'],
    ['discount', '减免'],
    ['addbill', '预缴/临时收费'],
    ['print', '补打'],
  ],
  sfgl_cb: [
    ['approve', '审核'],
    ['bill', '出账'],
  ],
  sfgl_yckgl: [
    ['topup', '充值'],
    ['refund', '退款'],
  ],
  sfgl_dbcz: [
    ['topup', '充值'],
    ['confirm', '写表确认'],
  ],
  sfgl_yjfwjf: [
    ['sms', '短信催缴'],
    ['print', '打印催缴单'],
  ],
  sfgl_zsdc: [
    ['handover', '交班'],
    ['print', '补打'],
    ['void', '作废'],
    ['refund', '退款'],
    ['approve', '审批'],
  ],
  sfgl_sfbb: [
    ['print', '打印'],
    ['confirm', '确认交班'],
  ],
  wyfw_wygg: [
    ['publish', '发布'],
    ['revoke', '撤回'],
    ['top', '置顶'],
  ],
  wyfw_bxcl: [
    ['setauto', '派单设置'],
    ['setservice', '服务设置'],
    ['tb_export', '导出统计'],
    ['dispatch', '派单/转单/退单'],
    ['handle', '代接单/暂停/完工'],
    ['close', '关闭'],
    ['visit', '回访'],
  ],
  wyfw_tsjy: [
    ['setauto', '派单设置'],
    ['alertset', '预警设置'],
    ['tb_export', '导出统计'],
    ['dispatch', '分派'],
    ['reply', '回复'],
    ['visit', '回访'],
    ['close', '关闭'],
  ],
  shfw_xqhd: [['cancel', '取消活动']],
  shfw_bmlb: [
    ['checkin', '签到'],
    ['cancel', '取消报名'],
  ],
  xggl_ddgl: [['print', '打印二维码']],
  xggl_lxsz: [['state', '启用/停用']],
  web_sbgl_sbda: [['print', '打印标签']],
  web_sbgl_xjsz: [
    ['state', '启用/停用'],
    ['generate', '立即生成'],
  ],
  web_sbgl_wbsz: [
    ['state', '启用/停用'],
    ['generate', '立即生成'],
  ],
  web_sbgl_xjrw: [['assign', '改派']],
  web_sbgl_wbrw: [['assign', '改派']],
  web_sbgl_wxd: [
    ['dispatch', '派工'],
    ['addinfo', '登记进度'],
    ['accept', '验收'],
    ['close', '关闭'],
  ],
  wbgl_wbdwgl: [
    ['rate', '评价'],
    ['terminate', '终止/恢复合作'],
  ],
  ccgl_crkmx: [
    ['approve', '审核'],
    ['void', '作废'],
    ['print', '打印'],
  ],
  ccgl_kcdb: [['approve', '审核']],
  ccgl_kcpd: [['approve', '审核']],
  htgl_htgl: [
    ['approve', '审核'],
    ['pay', '收款'],
    ['void', '作废收款'],
    ['renew', '续签'],
    ['terminate', '终止'],
    ['print', '打印'],
  ],
  htgl_htbb: [['sms', '短信催收']],
  kdgl_ddgl: [
    ['pickup', '取件核销'],
    ['notify', '重发通知'],
    ['return', '退回'],
  ],
  dxgl_dxqf: [
    ['template', '模板管理'],
    ['setting', '签名与通道'],
    ['cancel', '取消'],
  ],
  dxgl_fsjl: [['resend', '重发']],
  dxgl_dxcz: [
    ['confirm', '确认到账'],
    ['cancel', '取消'],
  ],
  kqgl_dkjl: [['leave', '请假登记']],
  kqgl_kqtj: [['recalc', '重新计算']],
  ggwgl_ggwgl: [
    ['rent', '出租'],
    ['approve', '审核'],
    ['terminate', '终止'],
  ],
  cdzgl_czgl: [
    ['pay', '充值'],
    ['refund', '退款'],
    ['void', '作废'],
  ],
  cdzgl_cdjl: [
    ['stop', '远程停止'],
    ['settle', '异常结单'],
  ],
  cdzgl_gzbx: [['dispatch', '受理']],
};

/** Screens whose domain file lists their buttons exactly ("Button keys: …"); the rest get the standard six + verbs. */
const exactButtons: Record<string, string[]> = {
  qygl_qyzl: ['edit'],
  qygl_zzjg: ['add', 'edit', 'del'],
  yggl_gwqx: ['add', 'edit', 'del'],
  yggl_yggl: ['add', 'edit', 'del', 'export', 'import', 'resetpwd', 'unlock', 'state'],
  yggl_ygda: ['add', 'edit', 'del', 'export', 'import', 'view', 'leave'],
  xggl_ddgl: ['add', 'edit', 'del', 'import', 'export', 'print'],
  xggl_lxsz: ['add', 'edit', 'del', 'state'],
  xggl_xgmx: ['view', 'export', 'edit'],
  web_sbgl_sbfl: ['add', 'edit', 'del'],
  web_sbgl_bzgl: ['add', 'edit', 'del'],
  web_sbgl_jfgl: ['add', 'edit', 'del'],
  web_sbgl_sbda: ['add', 'edit', 'del', 'import', 'export', 'print'],
  web_sbgl_xjsz: ['add', 'edit', 'del', 'state', 'generate'],
  web_sbgl_wbsz: ['add', 'edit', 'del', 'state', 'generate'],
  web_sbgl_xjrw: ['view', 'export', 'edit', 'assign'],
  web_sbgl_wbrw: ['view', 'export', 'edit', 'assign'],
  web_sbgl_wxd: ['add', 'dispatch', 'addinfo', 'accept', 'close', 'export'],
  wyfw_wygg: ['add', 'edit', 'del', 'publish', 'revoke', 'top'],
  wyfw_bxcl: ['add', 'setauto', 'setservice', 'tb_export', 'export', 'dispatch', 'handle', 'close', 'visit'],
  wyfw_tsjy: ['add', 'setauto', 'export', 'alertset', 'tb_export', 'dispatch', 'reply', 'visit', 'close'],
  wyfw_guide: ['add', 'edit', 'del'],
  shfw_xqhd: ['add', 'edit', 'del', 'cancel', 'export'],
  shfw_bmlb: ['add', 'export', 'checkin', 'cancel'],
  sfgl_sfbb: ['export', 'print', 'confirm'],
};

function buttonsOf(screen: string): ButtonKey[] {
  const verbs = (areaVerbs[screen] ?? []).map(([key, title]) => ({ key, title }));
  const exact = exactButtons[screen];
  if (!exact) return [...standardButtons, ...verbs];
  const titled = [...standardButtons, ...verbs];
  return exact.map((key) => titled.find((b) => b.key === key) ?? { key, title: key });
}

/** Screen key → the button keys a position can grant on it, in the order the position editor shows them. */
export const buttonKeys: Record<string, ButtonKey[]> = Object.fromEntries(screenKeys.map((s) => [s, buttonsOf(s)]));

/** Screens with an exact list (exported so a test can check every key there has a Chinese label). */
export const screensWithExactButtons: string[] = Object.keys(exactButtons);

/** Screen keys that declare area verbs (exported so a test can catch a verb filed under a misspelt key). */
export const screensWithAreaVerbs: string[] = Object.keys(areaVerbs);

/**
 * Keys left out when the buttons of a control are counted (spec §6). An entry ending in '_' is a prefix:
 * wyfw_tsjy's 'tb_' removes every 'tb_…' key.
 */
export const buttonCountExclusions: Record<string, string[]> = {
  fcgl_fjgl: ['add', 'linkmeter'],
  sfgl_zsdc: ['export', 'add'],
  cwcl_cwgl: ['add'],
  web_sbgl_sbda: ['add'],
  wyfw_bxcl: ['add', 'setauto', 'setservice', 'tb_export', 'export'],
  wyfw_tsjy: ['add', 'setauto', 'export', 'alertset', 'tb_'],
};

function isExcluded(key: string, exclusions: readonly string[]): boolean {
  return exclusions.some((ex) => (ex.endsWith('_') ? key.startsWith(ex) : key === ex));
}

/** Counts the granted button keys of a control after removing the excluded ones (spec §6). */
export function countButtons(ctlName: string, btnList: string | readonly string[]): number {
  const exclusions = buttonCountExclusions[ctlName] ?? [];
  return new Set(splitBtn(btnList).filter((key) => !isExcluded(key, exclusions))).size;
}

export { splitBtn };
