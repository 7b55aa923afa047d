import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.LINLI_API ?? 'http://localhost:8080';

/*
 * Only libraries every page needs (react) or that only the signed-in screens need (echarts) get a named chunk.
 * antd and icons are deliberately left to the automatic splitter: a single "antd" chunk would make the login page
 * download the Table, Tree, DatePicker… that only the layout and the screens use.
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 20 },
];

/*
 * Modules whose unused exports may be dropped although their package does not say so:
 * - @linli/shared is consumed as source and declares zod schemas at module level; without this the zod runtime
 *   (~20 KiB gzip) lands in the login page although the browser only uses the catalog, rules and constants;
 * - @rc-component/form and /input: antd's Input reaches the form context through the package index, which would
 *   pull the whole form engine and async-validator (~13 KiB gzip) into the login page.
 * Undefined keeps the package's own declaration.
 */
const pureModules = /[\\/](packages[\\/]shared|node_modules[\\/]@rc-component[\\/](form|input))[\\/]/;
const sideEffectsOf = (id: string): boolean | undefined => (pureModules.test(id) ? false : undefined);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/socket': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
      treeshake: { moduleSideEffects: sideEffectsOf },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // An antd page rendered in jsdom takes seconds on a busy 2-core machine; 5 s timed out under load.
    testTimeout: 20_000,
  },
});
