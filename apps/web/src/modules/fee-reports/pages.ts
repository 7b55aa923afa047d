const R = '/chargemanage/chargerec';

export const pages = {
  [R]: () => import('./hub'),
  [`${R}/yjmx`]: () => import('./reports/yjmx'),
  [`${R}/yjhz`]: () => import('./reports/yjhz'),
  [`${R}/yjzl`]: () => import('./reports/yjzl'),
  [`${R}/jfxm`]: () => import('./reports/jfxm'),
  [`${R}/qjmx`]: () => import('./reports/qjmx'),
  [`${R}/qjhz`]: () => import('./reports/qjhz'),
  [`${R}/qjhzscfj`]: () => import('./reports/qjhzscfj'),
  [`${R}/qjhzjefj`]: () => import('./reports/qjhzjefj'),
  [`${R}/yckycmx`]: () => import('./reports/yckycmx'),
  [`${R}/yckdkmx`]: () => import('./reports/yckdkmx'),
  [`${R}/yckhz`]: () => import('./reports/yckhz'),
};
