/**
 * Role keys (spec §6): one group key per menu group, one screen key per screen. The first roles entry of a route is
 * also the control name (CtlName) its buttons are granted under.
 */

/** Granted to every signed-in user so that 首页/消息/个人中心 stay reachable and Access is never empty. */
export const DASHBOARD_KEY = 'dashboard';

export interface RoleGroup {
  key: string;
  children: string[];
}

/**
 * Spec §6 in order. The source abbreviates the children of web_sbgl, ccgl, kdgl, dxgl, kqgl and cdzgl with a
 * leading underscore ('_sbfl'); the spec infers the full forms used here ('web_sbgl_sbfl').
 */
export const roleTree: RoleGroup[] = [
  { key: 'qygl', children: ['qygl_qyzl', 'qygl_zzjg'] },
  { key: 'fcgl', children: ['fcgl_xqgl', 'fcgl_lygl', 'fcgl_fjgl', 'fcgl_jfyy'] },
  { key: 'zhgl', children: ['zhgl_zhgl', 'zhgl_rlk'] },
  { key: 'cwcl', children: ['cwcl_ccgl', 'cwcl_cwgl', 'cwcl_clgl'] },
  {
    key: 'sfgl',
    children: ['sfgl_jft', 'sfgl_cb', 'sfgl_yckgl', 'sfgl_dbcz', 'sfgl_yjfwjf', 'sfgl_zsdc', 'sfgl_sfxm', 'sfgl_sfbb'],
  },
  { key: 'yggl', children: ['yggl_gwqx', 'yggl_yggl', 'yggl_ygda'] },
  { key: 'txgl', children: ['txgl_kpgl', 'txgl_skjl', 'txgl_cdgl', 'txgl_cxjl'] },
  { key: 'wyfw', children: ['wyfw_wygg', 'wyfw_bxcl', 'wyfw_tsjy', 'wyfw_guide'] },
  { key: 'shfw', children: ['shfw_xqhd', 'shfw_bmlb'] },
  { key: 'xggl', children: ['xggl_ddgl', 'xggl_lxsz', 'xggl_xgmx'] },
  {
    key: 'web_sbgl',
    children: [
      'web_sbgl_sbfl',
      'web_sbgl_bzgl',
      'web_sbgl_sbda',
      'web_sbgl_jfgl',
      'web_sbgl_xjsz',
      'web_sbgl_wbsz',
      'web_sbgl_xjrw',
      'web_sbgl_wbrw',
      'web_sbgl_wxd',
    ],
  },
  { key: 'wbgl', children: ['wbgl_wbdwgl'] },
  {
    key: 'ccgl',
    children: [
      'ccgl_ghsgl',
      'ccgl_ckgl',
      'ccgl_wpfl',
      'ccgl_wpgl',
      'ccgl_crkmx',
      'ccgl_kcdb',
      'ccgl_kcpd',
      'ccgl_kcbb',
    ],
  },
  { key: 'htgl', children: ['htgl_htgl', 'htgl_htbb', 'htgl_htsz'] },
  { key: 'kdgl', children: ['kdgl_ddgl', 'kdgl_kcgl', 'kdgl_kdsz'] },
  { key: 'dxgl', children: ['dxgl_dxqf', 'dxgl_fsjl', 'dxgl_dxcz'] },
  { key: 'kqgl', children: ['kqgl_kqsz', 'kqgl_dkjl', 'kqgl_kqtj'] },
  { key: 'ggwgl', children: ['ggwgl_ggwgl'] },
  { key: 'sjdp', children: ['sjdp_sjdp'] },
  { key: 'cdzgl', children: ['cdzgl_dzgl', 'cdzgl_czgl', 'cdzgl_cdjl', 'cdzgl_cdbb', 'cdzgl_gzbx'] },
];

export const groupKeys: string[] = roleTree.map((g) => g.key);
export const screenKeys: string[] = roleTree.flatMap((g) => g.children);
/** Each group key followed by its screen keys, in spec order. */
export const allRoleKeys: string[] = roleTree.flatMap((g) => [g.key, ...g.children]);

const groupByScreen = new Map(roleTree.flatMap((g) => g.children.map((c) => [c, g.key] as const)));

/** The group key a screen key belongs to (undefined for group keys and unknown keys). */
export function groupOfScreen(screenKey: string): string | undefined {
  return groupByScreen.get(screenKey);
}
