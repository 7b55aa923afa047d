// Preloaded into the bench's server processes (node --import): writes the process's memoryUsage (MiB) to the file
// BENCH_MEMORY_FILE every 20 ms, so the bench sees how much of a peak resident set is V8's heap.
import fs from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  setInterval(() => {
    const m = process.memoryUsage();
    const mib = (n) => Math.round(n / 1048576);
    const sample = { rss: mib(m.rss), heapUsed: mib(m.heapUsed), external: mib(m.external) };
    fs.writeFileSync(file, JSON.stringify(sample));
  }, 20).unref();
}
