import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useTranslation } from 'react-i18next';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages drawn at most; the rest are a download away. */
const MAX_PAGES = 30;

/**
 * A PDF's pages drawn in the page with pdf.js (this module and the worker load only when a PDF
 * is previewed). The file comes as bytes from our API; scripts in the PDF never run.
 */
export default function PdfPages({ data, title }: { data: Blob; title: string }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; shown: number } | 'loading' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    const container = holder.current;
    if (!container) return;
    const task = (async () => {
      const bytes = new Uint8Array(await data.arrayBuffer());
      const loading = getDocument({ data: bytes, isEvalSupported: false, enableXfa: false });
      const pdf = await loading.promise;
      const shown = Math.min(pdf.numPages, MAX_PAGES);
      const width = Math.max(280, container.clientWidth);
      for (let n = 1; n <= shown && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.height = 'auto';
        canvas.style.border = '1px solid var(--mantine-color-default-border)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute(
          'aria-label',
          t('documents.preview.page', { page: n, total: pdf.numPages, title }),
        );
        canvas.dataset.testid = 'pdf-page';
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no canvas');
        await page.render({ canvasContext: context, viewport }).promise;
        if (!cancelled) container.append(canvas);
      }
      if (!cancelled) setState({ pages: pdf.numPages, shown });
      await pdf.destroy();
    })();
    task.catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      container.replaceChildren();
    };
  }, [data, title, t]);

  return (
    <Stack gap="xs">
      {state === 'loading' && <Loader size="sm" aria-label={t('documents.preview.loading')} />}
      {state === 'failed' && <Alert color="red">{t('documents.preview.failed')}</Alert>}
      <Stack gap="sm" ref={holder} />
      {typeof state === 'object' && state.shown < state.pages && (
        <Text size="sm" c="dimmed">
          {t('documents.preview.morePages', { shown: state.shown, count: state.pages })}
        </Text>
      )}
    </Stack>
  );
}
