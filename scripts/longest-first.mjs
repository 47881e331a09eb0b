// Test files longest first, on a fresh checkout too (decision 087).
//
// Vitest starts the files it knows to be slow first, from the durations it caches in
// node_modules/.vite; a fresh checkout (CI) has no cache and runs the larger files first instead.
// The slowest files are small ones (the route walks import their screens from a helper), so they
// started last and ran side by side at the end of the browser pass while the other core sat idle.
// This sequencer falls back to the durations recorded in scripts/test-durations.json (written by
// `node scripts/test-durations.mjs`) where the cache has none: longest first, files it knows
// nothing of first of all (new files), the rest of vitest's order kept.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

/** @type {Record<string, number>} seconds by path from the repository's root */
const recorded = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));

export class LongestFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    /** @param {import('vitest/node').TestSpecification} spec */
    const state = (spec) => {
      const path = relative(root, spec.moduleId);
      const cached = cache.getFileTestResults(`${spec.project.name}:${path}`);
      const seconds = cached === undefined ? recorded[path] : cached.duration / 1000;
      return { failed: cached?.failed === true, seconds: seconds ?? Number.POSITIVE_INFINITY };
    };
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const stateA = state(a);
      const stateB = state(b);
      if (stateA.failed !== stateB.failed) return stateA.failed ? -1 : 1;
      if (stateA.seconds === stateB.seconds) return 0;
      return stateB.seconds > stateA.seconds ? 1 : -1;
    });
  }
}
