import { appRoutes, flattenRoutes } from '@linli/shared';
import { describe, expect, it } from 'vitest';
import { pageRegistry } from './page-registry';

const catalogPaths = new Set(flattenRoutes(appRoutes).map((r) => r.fullPath));

describe('page registry', () => {
  it('every screen the catalog calls built has a page', () => {
    const missing = flattenRoutes(appRoutes)
      .filter((r) => r.node.built && !r.node.redirect)
      .map((r) => r.fullPath)
      .filter((p) => !pageRegistry[p]);
    expect(missing).toEqual([]);
  });

  it('every page is declared for a path the catalog knows', () => {
    expect(Object.keys(pageRegistry).filter((p) => !catalogPaths.has(p))).toEqual([]);
  });
});
