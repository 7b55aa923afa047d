/** 综合报表 and 图表 of 收费报表 (domain/fee-reports.md): hidden sfgl_sfbb screens opened from the hub. */
export const pages = {
  '/chargemanage/synthetical/costdetails': () => import('./synthetical/cost-details'),
  '/chargemanage/synthetical/costcollect': () => import('./synthetical/cost-collect'),
  '/chargemanage/synthetical/itemcollect': () => import('./synthetical/item-collect'),
  '/chargemanage/synthetical/paymentmethodcollect': () => import('./synthetical/payment-method-collect'),
  '/chargemanage/synthetical/ratecollect': () => import('./synthetical/rate-collect'),
  '/chargemanage/synthetical/annulhouse': () => import('./synthetical/annul-house'),
  '/chargemanage/synthetical/annulcommunity': () => import('./synthetical/annul-community'),
  '/chargemanage/synthetical/annulitem': () => import('./synthetical/annul-item'),
  '/chargemanage/charts/costOverview': () => import('./charts/cost-overview'),
  '/chargemanage/charts/moneycollect': () => import('./charts/money-collect'),
  '/chargemanage/charts/communitycollect': () => import('./charts/community-collect'),
  '/chargemanage/charts/moyitemcollect': () => import('./charts/item-collect'),
  '/chargemanage/charts/paytypecollect': () => import('./charts/pay-type-collect'),
};
