import { hiddenScreen } from './build';
import type { RouteNode } from './types';

/** Every fee report uses the report key (domain/fee-reports.md); each opens in its own tab from the 收费报表 hub. */
const REPORT_KEY = 'sfgl_sfbb';

/** `built` once the web has the screen (the router shows 建设中 until then). */
const report = (path: string, title: string, built = false): RouteNode =>
  hiddenScreen(path, title, REPORT_KEY, { built });

/** Hidden children of /chargemanage/chargerec. */
export const chargerecChildren: RouteNode[] = [
  report('yjmx', '应缴明细表', true),
  report('yjhz', '应缴汇总表', true),
  report('yjzl', '物业费月度统计表', true),
  report('jfxm', '缴费项目统计表', true),
  report('qjmx', '欠缴明细表', true),
  report('qjhz', '欠缴汇总表', true),
  report('qjhzscfj', '欠缴账龄分析表', true),
  report('qjhzjefj', '欠缴金额分级表', true),
  report('yckycmx', '预存明细表', true),
  report('yckdkmx', '预存抵扣明细表', true),
  report('yckhz', '预存款汇总表', true),
];

/** Hidden children of the /chargemanage group: /chargemanage/synthetical/* and /chargemanage/charts/*. */
export const syntheticalAndChartRoutes: RouteNode[] = [
  report('synthetical/costdetails', '收费明细表', true),
  report('synthetical/costcollect', '收费汇总表', true),
  report('synthetical/itemcollect', '收费项目汇总表', true),
  report('synthetical/paymentmethodcollect', '收款方式汇总表', true),
  report('synthetical/ratecollect', '收费率统计表', true),
  report('synthetical/annulhouse', '房屋年度收费表', true),
  report('synthetical/annulcommunity', '小区年度收费表', true),
  report('synthetical/annulitem', '项目年度收费表', true),
  report('charts/costOverview', '收费概览', true),
  report('charts/moneycollect', '收款趋势图', true),
  report('charts/communitycollect', '小区收费对比图', true),
  report('charts/moyitemcollect', '收费项目构成图', true),
  report('charts/paytypecollect', '收款方式构成图', true),
];
