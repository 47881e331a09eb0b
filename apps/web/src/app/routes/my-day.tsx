import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { imageSchema } from '@service-portal/shared/images';
import { workLogSchema } from '@service-portal/shared/work-logs';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import type { SaveAheadSources } from '../../features/offline/lib/save-ahead.ts';
import { imagesQueryOptions } from '../../features/images/api/list-images.ts';
import { displayTimeZone } from '../../lib/time-zone.ts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { MyDayScreen } from '../../features/schedule/components/my-day-screen.tsx';
import type { MyDaySlots } from '../../features/schedule/components/my-day-screen.tsx';
import { serviceOrderDetailsKey } from '../../features/service-orders/api/get-service-order.ts';
import { StatusChanger } from '../../features/service-orders/components/status-changer.tsx';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { MyDayOrder } from '@service-portal/shared/schedule';
import { myDayKey, myDayQueryOptions, patchKeptOrder } from '../../features/schedule/api/get-my-day.ts';
import { lazyWhenVisible } from '../../components/lazy-when-visible.tsx';
import { workLogsQueryOptions } from '../../features/work-logs/api/list-work-logs.ts';
import { SerialHistoryLink } from '../../features/serial-history/components/serial-history-link.tsx';

// Photos and the work-log timer of an order load when its details are opened (decision 035's way).
const ImageGallery = lazyWhenVisible(
  () => import('../../features/images/components/image-gallery.tsx').then((m) => m.ImageGallery),
  150,
);
const WorkLogPanel = lazyWhenVisible(
  () => import('../../features/work-logs/components/work-log-panel.tsx').then((m) => m.WorkLogPanel),
  150,
);

// The offline layer (outbox, IndexedDB) loads with this route only, after its first paint.
const OutboxStatus = lazy(() =>
  import('../../features/offline/components/outbox-badge.tsx').then((m) => ({ default: m.OutboxStatus })),
);

// Time logged on the phone goes through the outbox as work-log ops (issue 28 §2, decision 074).
const PhoneTimeLog = lazy(() =>
  import('../../features/offline/components/phone-time-log.tsx').then((m) => ({ default: m.PhoneTimeLog })),
);

// Photos taken on the phone wait in their own queue (issue 28 §2).
const PhotoQueuePanel = lazy(() =>
  import('../../features/offline/components/photo-queue-panel.tsx').then((m) => ({
    default: m.PhotoQueuePanel,
  })),
);

// Parts, serial number and notes changed on the phone go through the outbox too (issue 28 §2).
const PhoneParts = lazy(() =>
  import('../../features/offline/components/phone-parts.tsx').then((m) => ({ default: m.PhoneParts })),
);
const PhoneNotes = lazy(() =>
  import('../../features/offline/components/phone-notes.tsx').then((m) => ({ default: m.PhoneNotes })),
);
// A camera scan of a serial number with earlier orders opens them (issue 28 §3), loaded on the first scan.
const ScannedSerial = lazy(() =>
  import('../../features/serial-history/components/scanned-serial.tsx').then((m) => ({
    default: m.ScannedSerial,
  })),
);

// Today's and tomorrow's orders saved ahead for use with no network (issue 28 §2, decision 076).
const SavedAhead = lazy(() =>
  import('../../features/offline/components/saved-ahead.tsx').then((m) => ({ default: m.SavedAhead })),
);

/** Where the saved day reads from: the day, work-log and photo queries of their own features. */
function saveAheadSources(queryClient: QueryClient): SaveAheadSources {
  return {
    orderIds: async () => {
      const today = todayIn(displayTimeZone());
      const days = await Promise.all(
        [today, addDays(today, 1)].map((date) => queryClient.fetchQuery(myDayQueryOptions(date))),
      );
      return days.flatMap((day) => day.orders.map((order) => order.id));
    },
    workLogs: (orderId) => queryClient.fetchQuery(workLogsQueryOptions(orderId)),
    photos: (orderId) => queryClient.fetchQuery(imagesQueryOptions(orderId)),
    download: async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`thumbnail ${response.status}`);
      return response.blob();
    },
  };
}

/** The browser's own word on the network, live (it may say "offline" only after the page starts). */
function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * With no network, an order's details show what was saved ahead: its work logs and its photos'
 * thumbnails go into their features' queries (which wait for the network meanwhile), the
 * thumbnails as local blob URLs. With a network this does nothing: the queries read the server.
 * The network going while the details are open counts too: what the queries have not read by
 * then comes from the phone.
 */
function KeptDetails({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribeToNetwork, () => navigator.onLine);
  useEffect(() => {
    if (online) return;
    // The query library assumes a network until the browser says otherwise; a page opened with
    // none would try (and fail) instead of waiting, so tell it (the 'online' event ends it).
    onlineManager.setOnline(false);
    let live = true;
    const logsKey = workLogsQueryOptions(orderId).queryKey;
    const imagesKey = imagesQueryOptions(orderId).queryKey;
    void Promise.all([
      queryClient.cancelQueries({ queryKey: logsKey }),
      queryClient.cancelQueries({ queryKey: imagesKey }),
    ])
      .then(() => import('../../features/offline/lib/save-ahead.ts'))
      .then(({ readKeptOrder }) => readKeptOrder(orderId))
      .then((kept) => {
        if (!live) return;
        if (kept.workLogs !== undefined && queryClient.getQueryData(logsKey) === undefined) {
          const logs = z.array(workLogSchema).safeParse(kept.workLogs);
          if (logs.success) queryClient.setQueryData(logsKey, logs.data);
        }
        if (kept.photos.length > 0 && queryClient.getQueryData(imagesKey) === undefined) {
          const photos = kept.photos.flatMap(({ image, thumbnail }) => {
            const parsed = imageSchema.safeParse(image);
            if (!parsed.success) return [];
            const local = URL.createObjectURL(thumbnail);
            return [{ ...parsed.data, thumbnailUrl: local, displayUrl: local, originalUrl: local }];
          });
          queryClient.setQueryData(imagesKey, photos);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online, orderId, queryClient]);
  return null;
}

/** The technician's day (issue 25 §4): the schedule's list with the order features' parts. */
export default function MyDayRoute() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  // A status change goes through the phone's outbox (issue 28 §3): kept first, shown at once, sent
  // in order when there is a network; the day is read again once the server has it.
  const queueStatus = (order: MyDayOrder) => async (next: ServiceOrderStatus) => {
    const { enqueueChange } = await import('../../features/offline/lib/phone-outbox.ts');
    const { sent } = await enqueueChange({
      scope: order.id,
      method: 'PUT',
      path: `/service-orders/${encodeURIComponent(order.id)}`,
      body: { status: next, version: order.version },
      label: { key: 'offline.op.status', values: { order: order.orderNumber } },
    });
    await patchKeptOrder(queryClient, order.id, { status: next });
    void sent.then((run) => {
      if (run.sent > 0) void queryClient.invalidateQueries({ queryKey: myDayKey });
    });
  };
  const queueCheckpoints = async (order: MyDayOrder, checkpoints: MyDayOrder['checkpoints']) => {
    const { enqueueChange } = await import('../../features/offline/lib/phone-outbox.ts');
    const { sent } = await enqueueChange({
      scope: order.id,
      method: 'PUT',
      path: `/service-orders/${encodeURIComponent(order.id)}`,
      body: { checkpoints, version: order.version },
      label: { key: 'offline.op.checkpoints', values: { order: order.orderNumber } },
    });
    await patchKeptOrder(queryClient, order.id, { checkpoints });
    void sent.then((run) => {
      if (run.sent > 0) void queryClient.invalidateQueries({ queryKey: myDayKey });
    });
  };
  const refreshDay = () => void queryClient.invalidateQueries({ queryKey: myDayKey });
  const sources = useMemo(() => saveAheadSources(queryClient), [queryClient]);
  const slots: MyDaySlots = {
    saveCheckpoints: queueCheckpoints,
    parts: (order) => (
      <Suspense fallback={null}>
        <PhoneParts
          order={order}
          keep={(patch) => patchKeptOrder(queryClient, order.id, patch)}
          onSent={refreshDay}
        />
      </Suspense>
    ),
    notes: (order) => (
      <Suspense fallback={null}>
        <PhoneNotes
          // A new version from the server (after sending) starts the fields again from it.
          key={`notes-${order.id}-${order.version}`}
          order={order}
          keep={(patch) => patchKeptOrder(queryClient, order.id, patch)}
          onSent={refreshDay}
          serialHistoryLink={(serial, scan) => (
            <>
              <SerialHistoryLink serial={serial} />
              {scan !== null && scan.serial.trim() === serial && (
                <Suspense fallback={null}>
                  <ScannedSerial key={scan.id} serial={serial} currentOrderId={order.id} />
                </Suspense>
              )}
            </>
          )}
        />
      </Suspense>
    ),
    status: (order, onChanged) => (
      <StatusChanger
        order={order}
        actor={user}
        queue={queueStatus(order)}
        onChanged={() => {
          onChanged();
          void queryClient.invalidateQueries({ queryKey: serviceOrderDetailsKey });
        }}
      />
    ),
    photos: (orderId) => (
      <>
        <KeptDetails orderId={orderId} />
        <Suspense fallback={null}>
          <PhotoQueuePanel orderId={orderId} />
        </Suspense>
        <ImageGallery key={`images-${orderId}`} orderId={orderId} />
      </>
    ),
    workLog: (order) => (
      <>
        <Suspense fallback={null}>
          <PhoneTimeLog
            order={order}
            onSent={() =>
              void queryClient.invalidateQueries({ queryKey: workLogsQueryOptions(order.id).queryKey })
            }
          />
        </Suspense>
        <WorkLogPanel key={`work-logs-${order.id}`} orderId={order.id} />
        <Button
          component={Link}
          to={`/service-orders/${encodeURIComponent(order.id)}/report`}
          variant="light"
        >
          {t('serviceReports.open')}
        </Button>
      </>
    ),
    // Apart: the saved-day line loading (or failing) never hides what waits to be sent.
    outbox: (
      <>
        <Suspense fallback={null}>
          <SavedAhead sources={sources} />
        </Suspense>
        <Suspense fallback={null}>
          <OutboxStatus />
        </Suspense>
      </>
    ),
  };
  return <MyDayScreen slots={slots} />;
}
