import { lazy, Suspense, useRef, useState } from 'react';
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
  const button = useRef<HTMLButtonElement>(null);
  // The camera dialog unmounts on closing, so Mantine gives focus back to nothing: the button takes
  // it (a dialog the scan opens next, such as a serial number's history, returns focus here too).
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <ActionIcon
        ref={button}
        data-scan-button
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
            onClose={close}
            onScan={(text) => {
              close();
              onScan(text);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
