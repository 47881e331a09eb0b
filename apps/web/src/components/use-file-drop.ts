import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';

/**
 * Drop files on an area, or choose them with the browser's file dialog (`open`): what the info
 * center's upload needs of react-dropzone, in the browser's own drag-and-drop events. (The library
 * brought a MIME-type table of 10 KiB gzipped to every visit of /info-center; issue 18: weight.)
 * Files are checked by content on the server; nothing is filtered here.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragActive, setDragActive] = useState(false);
  // dragenter/dragleave fire for every child the pointer crosses: count them.
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

  const rootProps = {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragActive(true);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragActive(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragActive(false);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) onFiles(files);
    },
  };

  const inputProps = {
    ref: inputRef,
    type: 'file' as const,
    multiple: true,
    tabIndex: -1,
    style: { display: 'none' },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const files = [...(event.currentTarget.files ?? [])];
      // Choosing the same file again must fire a change: clear the input.
      event.currentTarget.value = '';
      if (files.length > 0) onFiles(files);
    },
  };

  const open = useCallback(() => inputRef.current?.click(), []);
  return { rootProps, inputProps, isDragActive, open };
}
