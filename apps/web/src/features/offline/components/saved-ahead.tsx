import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates.ts';
import { lastSaved, saveAhead } from '../lib/save-ahead.ts';
import type { SaveAheadSources } from '../lib/save-ahead.ts';

/**
 * Saves today's and tomorrow's orders ahead for use with no network (when the day screen opens
 * with a network, and each time the network returns), and says when that last succeeded.
 */
export function SavedAhead({ sources }: { sources: SaveAheadSources }) {
  const { t, i18n } = useTranslation();
  const [saved, setSaved] = useState<{ at: number; orders: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void lastSaved()
      .then((mark) => live && setSaved(mark))
      .catch(() => undefined);
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      saveAhead(sources)
        .then(() => lastSaved())
        .then((mark) => {
          if (!live) return;
          setSaved(mark);
          setFailed(false);
        })
        .catch(() => live && setFailed(true))
        .finally(() => {
          running = false;
        });
    };
    if (navigator.onLine) run();
    window.addEventListener('online', run);
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
    // One run per opening of the screen and per return of the network (the route keeps `sources`).
  }, [sources]);
  if (saved === null && !failed) return null;
  return (
    <Text size="sm" c="dimmed" role="status">
      {saved !== null &&
        t('offline.saved', {
          count: saved.orders,
          time: formatTime(new Date(saved.at).toISOString(), i18n.language),
        })}
      {failed && ` ${String(t('offline.saveFailed'))}`}
    </Text>
  );
}
