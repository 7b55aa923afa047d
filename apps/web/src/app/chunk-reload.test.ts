import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, type ChunkReloadEnv, loadChunk, RELOAD_AGAIN_MS } from './chunk-reload';

function env(start = 1_000_000) {
  const stored = new Map<string, string>();
  const e = {
    clock: start,
    storage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    },
    reload: vi.fn(),
    now: () => e.clock,
  };
  return e satisfies ChunkReloadEnv & { clock: number };
}

const missing = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/rooms-old.js'));

/** Whether the promise has settled once pending callbacks have run. */
async function settled(p: Promise<unknown>) {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 0));
  return done;
}

describe('loadChunk', () => {
  it('answers the module when the chunk loads', async () => {
    const e = env();
    await expect(loadChunk(async () => ({ default: 'page' }), e)).resolves.toEqual({ default: 'page' });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once for a missing chunk and stays pending meanwhile', async () => {
    const e = env();
    const first = loadChunk(missing, e);
    expect(await settled(first)).toBe(false);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(e.storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(e.clock));
  });

  it('does not reload again when the chunk still fails after the reload: the error reaches the error page', async () => {
    const e = env();
    void loadChunk(missing, e);
    await Promise.resolve();
    e.clock += 3_000;
    await expect(loadChunk(missing, e)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(e.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once more for a later rebuild', async () => {
    const e = env();
    void loadChunk(missing, e);
    await Promise.resolve();
    e.clock += RELOAD_AGAIN_MS + 1;
    void loadChunk(missing, e);
    await Promise.resolve();
    expect(e.reload).toHaveBeenCalledTimes(2);
  });

  it("passes on a page's own error without reloading", async () => {
    const e = env();
    const broken = () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'Id')"));
    await expect(loadChunk(broken, e)).rejects.toThrow('reading');
    expect(e.reload).not.toHaveBeenCalled();
    expect(e.storage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});
