import { useRef, type PointerEvent } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The drawing as a PNG (base64, no data: prefix), or null when the pad is empty. */
  onChange: (png: string | null) => void;
  width?: number;
  height?: number;
}

/**
 * A signature pad: pointer events on a canvas, so a finger, a pen and a mouse all draw. Keyboard
 * users sign with their typed name instead (the report screen offers it beside the pad).
 */
export function SignaturePad({ onChange, width = 340, height = 160 }: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const strokes = useRef(0);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const sx = rect.width ? width / rect.width : 1;
    const sy = rect.height ? height / rect.height : 1;
    return { x: (e.clientX - rect.left) * sx, y: (e.clientY - rect.top) * sy };
  };

  const emit = () => {
    const png = canvas.current?.toDataURL('image/png') ?? '';
    const base64 = png.startsWith('data:image/png;base64,') ? png.slice('data:image/png;base64,'.length) : '';
    onChange(strokes.current > 0 && base64 ? base64 : null);
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!from) return;
    const to = point(e);
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.strokeStyle = '#111';
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
    }
    last.current = to;
    strokes.current += 1;
  };
  const onPointerUp = () => {
    if (!last.current) return;
    last.current = null;
    emit();
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    strokes.current = 0;
    onChange(null);
  };

  return (
    <Box>
      <Text size="sm" id="signature-pad-label" mb={4}>
        {t('serviceReports.pad.label')}
      </Text>
      <canvas
        ref={canvas}
        width={width}
        height={height}
        role="img"
        aria-labelledby="signature-pad-label"
        data-testid="signature-pad"
        style={{
          width: '100%',
          maxWidth: width,
          height: 'auto',
          aspectRatio: `${width} / ${height}`,
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 4,
          touchAction: 'none',
          background: '#fff',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={onPointerUp}
      />
      <Group mt={4}>
        <Button variant="subtle" size="xs" onClick={clear}>
          {t('serviceReports.pad.clear')}
        </Button>
      </Group>
    </Box>
  );
}
