import { Spin } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** The clicked element of a chart: its series, its category (x axis or slice name) and its index. */
export interface ChartClick {
  seriesName?: string;
  name: string;
  dataIndex: number;
}

/**
 * One ECharts chart, its library loaded on first use (dynamic import), resized with its box. `option` is ECharts'
 * own; a click on an element calls `onClick` (a chart opens the matching detail report).
 */
export function LazyChart({
  option,
  height = 300,
  onClick,
  label = '图表',
}: {
  option: EChartsCoreOption;
  height?: number;
  onClick?(e: ChartClick): void;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts-setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      const c = echarts.init(box.current);
      chart.current = c;
      c.on('click', (p) => {
        const e = p as { seriesName?: string; name?: string; dataIndex?: number };
        clickRef.current?.({ seriesName: e.seriesName, name: String(e.name ?? ''), dataIndex: e.dataIndex ?? 0 });
      });
      observer = new ResizeObserver(() => c.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, true);
  }, [option, ready]);

  return (
    <Spin spinning={!ready}>
      <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />
    </Spin>
  );
}
