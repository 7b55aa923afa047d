import { MOBILE_BREAKPOINT } from '@linli/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSettingsStore } from '../stores/settings-store';

const isMobile = () => window.innerWidth < MOBILE_BREAKPOINT;

/** Below 992 px the layout turns mobile and the sidebar closes into a drawer (spec §2); a page change closes it too. */
export function useResponsive(): void {
  const { pathname } = useLocation();
  const setDevice = useSettingsStore((s) => s.setDevice);
  const closeSidebar = useSettingsStore((s) => s.closeSidebar);

  useEffect(() => {
    const apply = () => {
      const mobile = isMobile();
      // Only on entering mobile: a phone fires resize when its address bar moves, which must not shut the drawer.
      const entering = mobile && useSettingsStore.getState().device !== 'mobile';
      setDevice(mobile ? 'mobile' : 'desktop');
      if (entering) closeSidebar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [setDevice, closeSidebar]);

  useEffect(() => {
    const { device, sidebarOpened } = useSettingsStore.getState();
    if (device === 'mobile' && sidebarOpened && pathname) closeSidebar(false);
  }, [pathname, closeSidebar]);
}
