import { useState } from 'react';
import type { ReactNode } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@service-portal/shared/limits';

interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The committed value (typically from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses (300 ms), on Enter, and when cleared. */
  onCommit: (value: string) => void;
  delay?: number;
  leftSection?: ReactNode;
}

/**
 * A text field whose value is committed after a pause in typing. It keeps what is typed on screen
 * as it is, and takes the committed value over only when that changes from outside (the back
 * button, a "clear filters"), so the cursor never jumps while someone types.
 */
export function DebouncedTextInput({
  value,
  onCommit,
  delay = LIMITS.searchDebounceMs,
  ...props
}: DebouncedTextInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [lastCommitted, setLastCommitted] = useState(value);

  if (value !== lastCommitted) {
    // Changed from outside: show it. (Adjusting state during render, not in an effect.)
    setLastCommitted(value);
    setText(value);
  }

  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === lastCommitted) return;
    setLastCommitted(trimmed);
    onCommit(trimmed);
  };
  const debounced = useDebouncedCallback(commit, delay);

  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          debounced.cancel();
          commit(text);
        }
      }}
      rightSection={
        text === '' ? null : (
          <CloseButton
            size="sm"
            aria-label={t('common.clear')}
            onClick={() => {
              setText('');
              debounced.cancel();
              commit('');
            }}
          />
        )
      }
    />
  );
}
