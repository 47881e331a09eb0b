import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The camera dialog and its decoding load on the first tap, never with the page.
const ScanDialog = lazy(() => import('./scan-dialog.tsx').then((m) => ({ default: m.ScanDialog })));

/**
 * A scan button for a text field's right section (issue 28 §3): reads QR, Code 128, DataMatrix and
 * EAN-13 from the camera and hands the text to `onScan`. The field stays a normal input, so a
 * hardware scanner that types into it always works.
 */
export function ScanButton({ onScan, label }: { onScan: (text: string) => void; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={t('scan.button', { field: label })}
        title={t('scan.button', { field: label })}
      >
        <IconScan size={18} aria-hidden="true" />
      </ActionIcon>
      {open && (
        <Suspense fallback={null}>
          <ScanDialog
            onClose={() => setOpen(false)}
            onScan={(text) => {
              setOpen(false);
              onScan(text);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
