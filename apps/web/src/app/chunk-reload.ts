/**
 * A page open across a rebuild asks for a route chunk under its old hash, which is gone: the import fails. Reloading
 * fetches the new index.html and its new chunks. The time of the automatic reload is kept for the tab's session, so
 * a chunk that still fails after it (a server that is down, a broken build) shows the error page instead of reloading
 * again and again; only a later rebuild, after RELOAD_AGAIN_MS, reloads once more.
 */
export const CHUNK_RELOAD_KEY = 'linli-chunk-reload';
export const RELOAD_AGAIN_MS = 5 * 60_000;

/** How browsers and Vite's preload word a module script that could not be fetched (Chrome, Firefox, Safari, Vite). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

export interface ChunkReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  now(): number;
}

/** The tab's session storage, or none where the browser refuses it (then no guard, so no automatic reload). */
function browser(): ChunkReloadEnv | null {
  try {
    return { storage: window.sessionStorage, reload: () => window.location.reload(), now: () => Date.now() };
  } catch {
    return null;
  }
}

/** Runs a dynamic import; when its chunk is missing, reloads the page once instead of failing. */
export async function loadChunk<T>(load: () => Promise<T>, env: ChunkReloadEnv | null = browser()): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!env || !isChunkLoadError(error)) throw error;
    const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    const now = env.now();
    if (last && now - last < RELOAD_AGAIN_MS) throw error;
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
    env.reload();
    // The page is going away: keep the route pending rather than flash the error page.
    return new Promise<T>(() => undefined);
  }
}
