import { test as base } from '@playwright/test';

/** The global setup starts the server on a free port and hands its URL to the workers through the environment. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run through playwright test so the global setup starts the server');
    await use(url);
  },
});
export { expect } from '@playwright/test';
