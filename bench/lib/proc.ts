/** Child processes (the server under test, the bare app) and their memory, read from /proc. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

const children = new Set<ChildProcess>();

function killAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Child {
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script>` with `env`, its output appended to `logFile`. */
export function startTsChild(
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; nodeFlags?: string[] },
): Child {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', script], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  return {
    pid: child.pid,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          children.delete(child);
          resolve();
          return;
        }
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          children.delete(child);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves with the first stdout line of `child` that parses as JSON. */
export function firstJsonLine<T>(child: Child, timeoutMs = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('child did not report in time')), timeoutMs);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        try {
          const value = JSON.parse(line) as T;
          clearTimeout(timer);
          child.process.stdout?.off('data', onData);
          resolve(value);
          return;
        } catch {
          // not the line we wait for
        }
      }
    };
    child.process.stdout?.on('data', onData);
    child.process.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited with ${code} before reporting`));
    });
  });
}

export interface Memory {
  /** Resident set size now, bytes. */
  rss: number;
  /** The process's peak resident set size so far (VmHWM), bytes. */
  hwm: number;
}

export function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples a process's memory every `everyMs` until stopped; reports the peak RSS seen. */
export function sampleMemory(pid: number, everyMs = 50) {
  let peak = 0;
  let samples = 0;
  const take = () => {
    try {
      const m = readMemory(pid);
      samples++;
      if (m.rss > peak) peak = m.rss;
    } catch {
      // the process is gone
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): { peakRss: number; samples: number } {
      clearInterval(timer);
      take();
      return { peakRss: peak, samples };
    },
  };
}

/** CPU time (user + system) the process has used so far, ms (from /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/**
 * CPU time (user + system, ms) used so far by every process whose command is `name` (for
 * PostgreSQL: the postmaster and all its backends), read from /proc. Processes that end between
 * two readings drop out, so take the difference over a span in which the ones that matter live.
 */
export function cpuMsOfAll(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (command === name) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
