import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Latency } from './stats';

/** One line of the bench table; the JSON result holds every field. */
export interface Row {
  db: 'pglite' | 'pg';
  name: string;
  api?: Latency;
  raw?: Latency;
  /** api p50 / raw p50: what the server adds to the SQL it runs. */
  ratio?: number;
  /** Anything else the line measured (rows, bytes, peak RSS, requests/s …). */
  extra?: Record<string, number | string>;
}

const rows: Row[] = [];

const ms = (l?: Latency) => (l ? `${l.p50.toFixed(2)}/${l.p95.toFixed(2)}` : '');

export function record(row: Row): void {
  rows.push(row);
  const extra = row.extra
    ? Object.entries(row.extra)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    : '';
  const ratio = row.ratio !== undefined ? `${row.ratio.toFixed(2)}×` : '';
  console.info(
    `${row.db.padEnd(7)} ${row.name.padEnd(34)} ${ms(row.api).padStart(13)} ${ms(row.raw).padStart(13)} ${ratio.padStart(7)}  ${extra}`,
  );
}

export function header(): void {
  console.info(
    `${'db'.padEnd(7)} ${'measure'.padEnd(34)} ${'api p50/p95'.padStart(13)} ${'raw p50/p95'.padStart(13)} ${'ratio'.padStart(7)}  other`,
  );
}

/** Writes every row as JSON beside the table (bench/.out/result-<time>.json and bench/.out/latest.json). */
export function writeResult(): string {
  const dir = path.join(import.meta.dirname, '..', '.out');
  fs.mkdirSync(dir, { recursive: true });
  const result = {
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    rows,
  };
  const file = path.join(dir, `result-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(result, null, 2));
  return file;
}
