import type { ChartClick as KitClick } from '../../fee-reports/kit';

/**
 * The charts draw with the report kit's LazyChart (ECharts loaded by dynamic import, its own chunk). A click names
 * its element; the donuts add `seriesType: 'pie'` so one link rule can tell a slice from a bar.
 */
export { LazyChart as EChart } from '../../fee-reports/kit';
export type ChartClick = KitClick & { seriesType?: string };
