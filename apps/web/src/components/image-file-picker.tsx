import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, Button, Card, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_ACCEPT,
  IMAGE_SNIFF_BYTES,
  precheckImage,
  sniffImageType,
} from '@service-portal/shared/images';
import { validationKey } from '@service-portal/shared/validation';

export interface PickedFile {
  id: string;
  file: File;
  /** An object URL for JPEG/PNG; browsers cannot show HEIC. */
  previewUrl: string | null;
  /** 0–100 while uploading; null before. */
  progress: number | null;
  done: boolean;
  /** Translated text of the last failure. */
  error: string | null;
}

let counter = 0;

/** Files as the picker holds them; object URLs are released when a file leaves or the owner unmounts. */
export function usePickedFiles() {
  const [items, setItems] = useState<PickedFile[]>([]);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
    };
  }, []);
  return {
    items,
    add(files: File[]) {
      const next = files.map((file) => {
        counter += 1;
        const showable = /^image\/(jpeg|png)$/i.test(file.type);
        const previewUrl = showable ? URL.createObjectURL(file) : null;
        if (previewUrl) urls.current.add(previewUrl);
        return { id: `f${counter}`, file, previewUrl, progress: null, done: false, error: null };
      });
      setItems((old) => [...old, ...next]);
      return next;
    },
    remove(id: string) {
      setItems((old) => {
        const gone = old.find((i) => i.id === id);
        if (gone?.previewUrl) {
          URL.revokeObjectURL(gone.previewUrl);
          urls.current.delete(gone.previewUrl);
        }
        return old.filter((i) => i.id !== id);
      });
    },
    update(id: string, patch: Partial<PickedFile>) {
      setItems((old) => old.map((i) => (i.id === id ? { ...i, ...patch } : i)));
    },
    clear() {
      for (const url of urls.current) URL.revokeObjectURL(url);
      urls.current.clear();
      setItems([]);
    },
  };
}

/** The file's first bytes (an unreadable file reads as none, so it is refused). */
async function readHead(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  } catch {
    return new Uint8Array();
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface ImageFilePickerProps {
  /** Called with files that pass the browser's check (type and 10 MB); the others are listed with why. */
  onAdd: (files: File[]) => void;
  disabled?: boolean;
  /** Offer the phone's camera directly (a second input with `capture`). */
  camera?: boolean;
}

/**
 * Drag and drop, a file chooser and the phone camera, with the spec's messages for a refused file
 * ("File is too large", "Invalid file type") shown before anything is sent.
 */
export function ImageFilePicker({ onAdd, disabled = false, camera = true }: ImageFilePickerProps) {
  const { t } = useTranslation();
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);

  // Copied at once: the input is cleared for the next pick while the files' first bytes are read.
  const take = (list: FileList | null) => void check(Array.from(list ?? []));
  const check = async (files: File[]) => {
    const ok: File[] = [];
    const bad: { name: string; message: string }[] = [];
    for (const file of files) {
      const check = precheckImage(file);
      // The content decides, as on the server: a renamed PDF is refused now, with no broken preview.
      const isImage = check.ok && sniffImageType(await readHead(file)) !== null;
      if (check.ok && isImage) ok.push(file);
      else
        bad.push({
          name: file.name,
          message: t(
            `validation.${!check.ok && validationKey(check.message) === 'fileTooLarge' ? 'fileTooLarge' : 'invalidFileType'}`,
          ),
        });
    }
    setRefused(bad);
    if (ok.length > 0) onAdd(ok);
  };

  return (
    <Stack gap="xs">
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!disabled) take(e.dataTransfer.files);
        }}
        p="md"
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap="xs">
          <Text ta="center" fw={500}>
            {t('uploads.picker.drop')}
          </Text>
          <Text ta="center" size="sm" c="dimmed" id={hintId}>
            {t('uploads.picker.limits')}
          </Text>
          <Group justify="center" gap="xs">
            <Button
              leftSection={<IconPhotoPlus size={18} aria-hidden="true" />}
              onClick={() => chooseRef.current?.click()}
              disabled={disabled}
              aria-describedby={hintId}
            >
              {t('uploads.picker.choose')}
            </Button>
            {camera && (
              <Button
                variant="light"
                leftSection={<IconCamera size={18} aria-hidden="true" />}
                onClick={() => cameraRef.current?.click()}
                disabled={disabled}
              >
                {t('uploads.picker.camera')}
              </Button>
            )}
          </Group>
        </Stack>
        <input
          ref={chooseRef}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="image-file-input"
          onChange={(e) => {
            take(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        {camera && (
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => {
              take(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        )}
      </Box>
      {refused.length > 0 && (
        <Stack gap={4} role="alert">
          {refused.map((r) => (
            <Text key={r.name} size="sm" c="red">
              {r.name}: {r.message}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One chosen file: preview, name and size, its own fields, a progress bar, remove. */
export function PickedFileCard({
  item,
  children,
  onRemove,
  disabled,
}: {
  item: PickedFile;
  children?: ReactNode;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = item.file.name;
  return (
    <Card withBorder padding="sm" radius="md">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Box w={72} h={72} style={{ flexShrink: 0 }}>
          {item.previewUrl ? (
            <Image
              src={item.previewUrl}
              alt={t('uploads.picker.preview', { name })}
              w={72}
              h={72}
              fit="cover"
              radius="sm"
            />
          ) : (
            <Box
              w={72}
              h={72}
              bg="gray.1"
              style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}
            >
              <Text size="xs" c="dimmed" ta="center">
                {t('uploads.picker.noPreview')}
              </Text>
            </Box>
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }}>
              {name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {formatSize(item.file.size)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                disabled={disabled || item.done}
                aria-label={t('uploads.picker.remove', { name })}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          </Group>
          {children}
          {item.progress !== null && (
            <Progress
              value={item.progress}
              color={item.error ? 'red' : item.done ? 'green' : 'blue'}
              aria-label={t('uploads.picker.progress', { name })}
              animated={!item.done && !item.error}
            />
          )}
          {item.done && (
            <Text size="xs" c="green">
              {t('uploads.picker.uploaded')}
            </Text>
          )}
          {item.error && (
            <Text size="xs" c="red" role="alert">
              {item.error}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
