import { debounce, tableHeight } from '@linli/shared';
import { type RefObject, useEffect, useState } from 'react';
import { useSettingsStore } from '../app/stores/settings-store';

function mainPadding(): number {
  const main = document.querySelector('.app-main');
  if (!main) return 0;
  const style = window.getComputedStyle(main);
  return (parseFloat(style.paddingTop) || 0) + (parseFloat(style.paddingBottom) || 0);
}

/**
 * Scroll height for a list's table (spec §9 formula): follows the window and the search box, and grows by 85 px when
 * the console runs embedded in the desktop host (no top bar there).
 */
export function useTableHeight(searchBox: RefObject<HTMLElement | null>, extra = 0): number {
  const embedded = useSettingsStore((s) => s.embedded);
  const compute = () =>
    tableHeight({
      windowHeight: window.innerHeight,
      searchBoxHeight: searchBox.current?.offsetHeight ?? 0,
      // The spec's constants know the bars, not the shell's own padding around a page: without it the pager sat
      // 32 px below the window's edge at 1440×900.
      extra: extra + mainPadding(),
      embedded,
    });
  const [height, setHeight] = useState(compute);

  // compute reads exactly the inputs listed here.
  useEffect(() => {
    const update = debounce(() => setHeight(compute()), 100);
    update();
    window.addEventListener('resize', update);
    const observer = searchBox.current ? new ResizeObserver(update) : null;
    if (searchBox.current) observer?.observe(searchBox.current);
    return () => {
      update.cancel();
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embedded, extra, searchBox]);

  return Math.max(height, 200);
}
