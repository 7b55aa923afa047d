import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { REDIRECT_PREFIX, SHELL_TEXT } from '@linli/shared';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTagsStore } from '../stores/tags-store';
import type { CloseResult, TagView } from '../tags-logic';

/** The tab strip (spec §2): one tab per visited path; context menu 刷新 / 关闭 / 关闭其他 / 关闭所有. */
export function TagsView() {
  const views = useTagsStore((s) => s.views);
  const store = useTagsStore();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLAnchorElement>(null);

  // Runs on every page change: the active ref moves to another tab.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const follow = (result: CloseResult) => {
    if (result.navigateTo) navigate(result.navigateTo);
  };

  /*
   * 刷新 remounts the tab's page (its nonce) before anything else, in front or not, then shows it. It used to bump the
   * nonce only when the menu's own render had seen the tab in front, and otherwise merely navigate to the tab: a
   * background tab was "refreshed" with its old state, and a menu built before the page change reached the front
   * did nothing at all for the page in front (the e2e flake: 刷新 clicked, menu closed, the unsaved text stayed).
   */
  const inFront = useRef(pathname);
  useEffect(() => {
    inFront.current = pathname;
  }, [pathname]);
  const refresh = (view: TagView) => {
    store.refresh(view.path);
    if (view.path === inFront.current) navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
    else navigate(view.fullPath);
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: SHELL_TEXT.tabRefresh },
      ...(view.affix ? [] : [{ key: 'close', label: SHELL_TEXT.tabClose }]),
      { key: 'others', label: SHELL_TEXT.tabCloseOthers },
      { key: 'all', label: SHELL_TEXT.tabCloseAll },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') refresh(view);
      else if (key === 'close') follow(store.close(view.path, pathname));
      else if (key === 'others') follow(store.closeOthers(view.path, pathname));
      else follow(store.closeAll(pathname));
    },
  });

  // Every open tab stays reachable when the strip overflows: the wheel scrolls it sideways, and 全部标签页 lists them.
  const allTabs: MenuProps = {
    items: views.map((v) => ({ key: v.path, label: v.title })),
    selectedKeys: [pathname],
    onClick: ({ key }) => navigate(views.find((v) => v.path === key)?.fullPath ?? key),
  };

  return (
    <nav className="tags-view" aria-label="标签页">
      <div
        className="tags-view-scroll"
        role="tablist"
        onWheel={(e) => {
          if (e.deltaY) e.currentTarget.scrollLeft += e.deltaY;
        }}
      >
        {views.map((view) => {
          const active = view.path === pathname;
          return (
            // Closed menus leave the page: one tab's stale menu can never be the one a second right-click finds.
            <Dropdown key={view.path} trigger={['contextMenu']} menu={menuFor(view)} destroyOnHidden>
              <div className={`tags-view-item${active ? ' is-active' : ''}`}>
                <Link ref={active ? activeRef : undefined} to={view.fullPath} role="tab" aria-selected={active}>
                  {view.title}
                </Link>
                {!view.affix && (
                  <button
                    type="button"
                    className="tags-view-close"
                    aria-label={`${SHELL_TEXT.tabClose}${view.title}`}
                    onClick={() => follow(store.close(view.path, pathname))}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown trigger={['click']} menu={allTabs}>
        <button type="button" className="tags-view-more" aria-label="全部标签页">
          <DownOutlined />
        </button>
      </Dropdown>
    </nav>
  );
}
