import { HOME_PATH, SHELL_TEXT } from '@linli/shared';
import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { screenTitle } from '../guard';
import { trailTo } from './route-tree';

/** 首页 › group › page, from the catalog. Groups link to their default child; the current page is plain text. */
export function Breadcrumbs() {
  const { pathname, search } = useLocation();
  const items = useMemo(() => {
    // A group whose only page bears its own name (个人中心 › 个人中心) shows the name once.
    const trail = trailTo(pathname).filter(
      (t, i, all) => t.node.title && t.fullPath !== HOME_PATH && t.node.title !== all[i + 1]?.node.title,
    );
    const crumbs = trail.map((t, i) => {
      const last = i === trail.length - 1;
      const target = t.node.redirect ?? t.fullPath;
      const title = last ? screenTitle({ ...t.node, path: t.fullPath }, pathname + search) : t.node.title;
      return { key: t.fullPath, title: last ? title : <Link to={target}>{title}</Link> };
    });
    const root = crumbs.length ? <Link to={HOME_PATH}>{SHELL_TEXT.breadcrumbRoot}</Link> : SHELL_TEXT.breadcrumbRoot;
    return [{ key: 'root', title: root }, ...crumbs];
  }, [pathname, search]);
  return <Breadcrumb className="navbar-breadcrumb" items={items} />;
}
