import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadCodeReader } from './scan-decoder.ts';

type Problem = 'noCamera' | 'denied' | 'noDecoder' | null;

/** The camera in a dialog; the first code read closes it. */
export function ScanDialog({ onScan, onClose }: { onScan: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [torch, setTorch] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function start() {
      if (navigator.mediaDevices?.getUserMedia === undefined) {
        setProblem('noCamera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        setProblem('denied');
        return;
      }
      if (stopped) return;
      const [videoTrack] = stream.getVideoTracks();
      setTrack(videoTrack ?? null);
      const element = video.current;
      if (element === null) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let reader;
      try {
        reader = await loadCodeReader();
      } catch {
        setProblem('noDecoder');
        return;
      }
      const look = async () => {
        if (stopped) return;
        try {
          const text = await reader.read(element);
          if (text !== null && !stopped) {
            onScan(text);
            return;
          }
        } catch {
          // A frame that cannot be read yet; try the next one.
        }
        timer = setTimeout(() => void look(), 200);
      };
      void look();
    }
    void start();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [onScan]);

  const canTorch =
    track !== null &&
    typeof track.getCapabilities === 'function' &&
    (track.getCapabilities() as { torch?: boolean }).torch === true;

  const toggleTorch = () => {
    if (track === null) return;
    const next = !torch;
    void track
      .applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] })
      .then(() => setTorch(next))
      .catch(() => undefined);
  };

  return (
    <Modal opened onClose={onClose} title={t('scan.title')} size="lg">
      <Stack>
        {problem !== null ? (
          <Alert color="yellow" role="alert">
            {t(`scan.problem.${problem}`)}
          </Alert>
        ) : (
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('scan.camera')}
            style={{ width: '100%', maxHeight: '60vh', background: '#000' }}
          />
        )}
        <Group justify="flex-end">
          {canTorch && (
            <Button variant="default" onClick={toggleTorch} aria-pressed={torch}>
              {t('scan.torch')}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
