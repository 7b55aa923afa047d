/**
 * 报表中心's cards: every fee report in five groups (domain/fee-reports.md "Screens"), each with the one line that
 * says what its figures are. Titles come from the route catalog, so a card and its tab always agree.
 */
export interface ReportCard {
  path: string;
  text: string;
}

const C = '/chargemanage/chargerec';
const S = '/chargemanage/synthetical';
const G = '/chargemanage/charts';

export const REPORT_GROUPS: { title: string; cards: ReportCard[] }[] = [
  {
    title: '应缴',
    cards: [
      { path: `${C}/yjmx`, text: '每张账单按账期的计费、优惠、应收、实收与未收' },
      { path: `${C}/yjhz`, text: '应收、实收、欠缴按小区/楼栋/项目/账期/房屋汇总，含收费率' },
      { path: `${C}/yjzl`, text: '一个小区一个月，逐楼栋的户数、应收实收、追欠与三项比率' },
      { path: `${C}/jfxm`, text: '收款日期内各项目的当期、追欠、预收与费用实收，按类别小计' },
    ],
  },
  {
    title: '欠缴',
    cards: [
      { path: `${C}/qjmx`, text: '截止日期已逾期的每张账单，含应计滞纳金、逾期天数与账龄' },
      { path: `${C}/qjhz`, text: '逐户欠缴金额、月数与最近催缴，或按楼栋/项目汇总' },
      { path: `${C}/qjhzscfj`, text: '欠缴按账龄分档的户数与金额（0-30 至 365天以上）' },
      { path: `${C}/qjhzjefj`, text: '每户欠缴总额按金额分级的户数与金额' },
    ],
  },
  {
    title: '预存款',
    cards: [
      { path: `${C}/yckycmx`, text: '预存充值、多收转入、退款与冲正的每一笔' },
      { path: `${C}/yckdkmx`, text: '预存款抵扣账单的每一笔及其冲正' },
      { path: `${C}/yckhz`, text: '每个账户的期初、充值、抵扣、退款、冲正与期末余额' },
    ],
  },
  {
    title: '综合',
    cards: [
      { path: `${S}/costdetails`, text: '每一笔收款、作废冲回与退款，含性质与收款方式' },
      { path: `${S}/costcollect`, text: '各小区的费用实收、预存充值、电表充值与资金收款' },
      { path: `${S}/itemcollect`, text: '账期内各项目的应收、实收、欠缴与收费率，按类别小计' },
      { path: `${S}/paymentmethodcollect`, text: '各收款方式的笔数、收款、退款、净额与占比' },
      { path: `${S}/ratecollect`, text: '各小区的收费率、户收费率与清缴率' },
      { path: `${S}/annulhouse`, text: '一个小区逐户 1–12 月的应收、实收或欠缴' },
      { path: `${S}/annulcommunity`, text: '各小区全年逐月的应收、实收或欠缴' },
      { path: `${S}/annulitem`, text: '各项目全年逐月的应收、实收或欠缴' },
    ],
  },
  {
    title: '图表',
    cards: [
      { path: `${G}/costOverview`, text: '本月应收实收、收费率、累计欠缴与 12 个月趋势' },
      { path: `${G}/moneycollect`, text: '按日或按月的资金收款、费用实收、预存充值与退款' },
      { path: `${G}/communitycollect`, text: '各小区应收与实收对比，按收费率排序' },
      { path: `${G}/moyitemcollect`, text: '费用实收按类别与项目的构成' },
      { path: `${G}/paytypecollect`, text: '收款按方式的构成与 12 个月走势' },
    ],
  },
];

export const ALL_CARDS: ReportCard[] = REPORT_GROUPS.flatMap((g) => g.cards);
