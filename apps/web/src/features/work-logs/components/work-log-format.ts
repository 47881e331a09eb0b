import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { WORK_LOG_MESSAGES } from '@service-portal/shared/work-logs';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { translateFormError } from '../../../lib/form-errors.ts';

/** 3725 s → "1:02:05"; under an hour "02:05" would hide that it is a clock, so hours always show. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The current time, ticking every second while `running` (a stopped clock needs no now). */
export function useNow(running: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(new Date());
    const first = setTimeout(tick, 0); // a clock started after mount must not show the mount's time
    const id = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [running]);
  return now;
}

const OWN = {
  [WORK_LOG_MESSAGES.categoryRequired]: 'workLogs.messages.categoryRequired',
  [WORK_LOG_MESSAGES.durationNegative]: 'workLogs.messages.durationNegative',
  [WORK_LOG_MESSAGES.durationTooLong]: 'workLogs.messages.durationTooLong',
  [VALIDATION_MESSAGES.wholeNumber]: 'workLogs.messages.wholeNumber',
} as const;

export function translateWorkLogError(t: TFunction, error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error;
  const key = (OWN as Record<string, (typeof OWN)[keyof typeof OWN] | undefined>)[error];
  return key === undefined ? translateFormError(t, error) : t(key);
}
