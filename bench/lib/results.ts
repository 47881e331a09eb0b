/**
 * Result files (issue 33, item 6): every part of the bench writes `bench/results/<name>.json` (the
 * latest) and `bench/results/<name>-<start time>.json` (one per run), both with the machine and
 * its load average at the part's start and end, so that runs can be compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_DIR = path.join(import.meta.dirname, '..', 'results');

const loadNow = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Call at a part's start; `write` at its end adds the machine, the load at both ends and the commit. */
export function resultRecorder(name: string) {
  const startedAt = new Date();
  const loadAtStart = loadNow();
  return {
    startedAt,
    loadAtStart,
    write(result: Record<string, unknown>): string {
      const report = {
        part: name,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        machine: {
          node: process.version,
          platform: `${os.type()} ${os.release()} ${os.arch()}`,
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model ?? 'unknown',
          memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
          loadAverage: { start: loadAtStart, end: loadNow() },
        },
        commit: commit(),
        ...result,
      };
      const json = `${JSON.stringify(report, null, 2)}\n`;
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(path.join(RESULTS_DIR, `${name}.json`), json);
      const stamped = `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
      writeFileSync(path.join(RESULTS_DIR, stamped), json);
      return stamped;
    },
  };
}
