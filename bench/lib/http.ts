/** A minimal keep-alive HTTP client for sequential latency measurements. */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, unless `discardBody` was asked for. */
  body: string;
  bytes: number;
  /** From sending the request to the last byte of the answer, ms. */
  ms: number;
}

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; discardBody?: boolean } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!options.discardBody) chunks.push(chunk);
      });
      res.on('aborted', () => reject(new Error(`${url}: the answer was cut short`)));
      res.on('error', reject);
      res.on('end', () => {
        if (!res.complete) {
          reject(new Error(`${url}: the answer was cut short`));
          return;
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: options.discardBody ? '' : Buffer.concat(chunks).toString('utf8'),
          bytes,
          ms: performance.now() - t0,
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}
