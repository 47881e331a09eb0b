/** A text matched literally by LIKE/ILIKE: its `\`, `%` and `_` escaped. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A PostgreSQL error code anywhere in the cause chain (Drizzle wraps the driver's error). */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** 40P01 deadlock_detected, 40001 serialization_failure: the same work may succeed run again. */
export function isContention(err: unknown): boolean {
  const code = pgCode(err);
  return code === '40P01' || code === '40001';
}

/**
 * Runs a transaction again when PostgreSQL ended it for contention (a deadlock between parallel
 * writers, a serialization failure), at most `attempts` times with a short random pause; what
 * still fails goes to the error handler, which answers 503 with Retry-After (issue 32).
 */
export async function retryOnContention<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isContention(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
