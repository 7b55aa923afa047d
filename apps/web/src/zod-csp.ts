// Imported first by main.tsx. The console runs under a Content-Security-Policy without 'unsafe-eval': zod reads its
// configuration from this global (created before any of its chunks loads) and then neither compiles its parsers
// with `new Function` nor probes whether it may — the probe alone is reported as a violation.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
