import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Image, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '@service-portal/shared/documents';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useDocumentFile } from '../api/get-document.ts';

// pdf.js is large: it loads only when a PDF is shown.
const PdfPages = lazy(() => import('./pdf-pages.tsx'));

function ObjectUrlImage({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // The object URL is a browser resource made and freed with this effect (StrictMode-safe).
    const made = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url ? <Image src={url} alt={alt} fit="contain" mah={800} radius="sm" /> : null;
}

/** The current file in the page: PDF pages or the image; other types have the download only. */
export function DocumentPreview({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const { mimeType } = document.current;
  const previewable = mimeType === 'application/pdf' || mimeType.startsWith('image/');
  const file = useDocumentFile(document.id, document.current.number, previewable);
  if (!previewable) return <Text c="dimmed">{t('documents.preview.none')}</Text>;
  if (file.isPending) return <Loader size="sm" aria-label={t('documents.preview.loading')} />;
  if (file.isError)
    return (
      <Alert color="red">{formatMessage(t, apiErrorMessage(file.error, 'documents.preview.failed'))}</Alert>
    );
  if (mimeType.startsWith('image/')) return <ObjectUrlImage blob={file.data} alt={document.title} />;
  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('documents.preview.loading')} />}>
      <PdfPages data={file.data} title={document.title} />
    </Suspense>
  );
}
