import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentProps, Ref, RefObject } from 'react';
import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '@service-portal/shared/limits';
import { lazyOnFirstUse } from '../../../components/lazy-on-first-use.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';

function caretOf(input: HTMLInputElement) {
  return {
    start: input.selectionStart ?? input.value.length,
    end: input.selectionEnd ?? input.value.length,
  };
}

/** The "Search all" page for a text. */
export function searchAllPath(query: string): string {
  return `/search?${new URLSearchParams({ q: query }).toString()}`;
}

type SearchInputProps = TextInputProps &
  Omit<ComponentProps<'input'>, keyof TextInputProps | 'size'> & {
    phone: boolean;
    ref?: Ref<HTMLInputElement>;
  };

/** The field itself: the same before and after the suggestion list's module is loaded. */
export function SearchInput({ phone, ref, ...others }: SearchInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...others}
      ref={ref}
      type="search"
      // A search box that opens a suggestion list is a combobox: only that role may carry the
      // aria-expanded/aria-controls Combobox.Target adds (a plain searchbox may not, axe critical).
      role="combobox"
      aria-autocomplete="list"
      // A phone's top bar leaves the field ~150 px: the long hint would be cut mid-word.
      placeholder={phone ? t('a11y.searchPlaceholderShort') : t('layout.search.placeholder')}
      aria-label={t('layout.search.label')}
      aria-keyshortcuts="Control+K Meta+K"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      w="100%"
    />
  );
}

export interface GlobalSearchComboboxProps {
  value: string;
  setValue: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  phone: boolean;
  /** Set when the field the user was in is replaced by the loaded one: the focus and caret move over. */
  restore: { selectionStart: number; selectionEnd: number } | null;
}

// Asked for once; a failed load is asked for again on the next focus (components/lazy-on-first-use.ts).
// The field hands its focus and caret over itself, so it uses the loader, not the hook.
const combobox = lazyOnFirstUse<GlobalSearchComboboxProps>(() =>
  import('./global-search-combobox.tsx').then((m) => m.GlobalSearchCombobox),
);

/**
 * The top bar's search (spec §2 "Global search bar", §5, §9): Ctrl/Cmd+K focuses it. The field is
 * part of the first paint; the suggestion list (Mantine's Combobox, Popover and floating-ui) loads
 * when the field first gets the focus (decision 034), or sooner on a first Tab or Ctrl/Cmd key
 * (decision 038), see global-search-combobox.tsx.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [value, setValue] = useState('');
  const [Loaded, setLoaded] = useState(combobox.current);
  const [restore, setRestore] = useState<GlobalSearchComboboxProps['restore']>(null);

  // Empty ignore list: the shortcut must work while another field has focus too.
  useHotkeys(
    [
      [
        'mod+K',
        () => {
          inputRef.current?.focus();
          inputRef.current?.select();
        },
      ],
    ],
    [],
  );

  /** The first field's caret, kept as it moves: the swap renders later than the module arrives. */
  const caret = useRef({ start: 0, end: 0 });

  // Reads refs and setters only: one copy serves the listener below.
  const load = useCallback(() => {
    combobox.preload().then(
      (component) => {
        // Whether the field being replaced has the focus is read now; its caret when the loaded
        // field mounts: keys typed in between (Ctrl+K, then typing at once) still land in this
        // field and must keep their order ("SO-2026-000271" once became "O-2026-000271S", issue 31).
        const input = inputRef.current;
        const focused = input !== null && input === document.activeElement;
        if (focused) caret.current = caretOf(input);
        setRestore(
          focused
            ? {
                get selectionStart() {
                  return caret.current.start;
                },
                get selectionEnd() {
                  return caret.current.end;
                },
              }
            : null,
        );
        setLoaded(() => component);
      },
      () => undefined, // Offline: the field still searches all on Enter; the next focus tries again.
    );
  }, []);

  // A keyboard user's first Tab, or the modifier of Ctrl/Cmd+K, starts the load: the field they
  // reach is then the loaded one already, and a screen reader announces it once, not again when
  // the loaded field takes the focus over.
  useEffect(() => {
    if (Loaded) return undefined;
    const early = (event: KeyboardEvent) => {
      if (event.key === 'Tab' || event.key === 'Control' || event.key === 'Meta') load();
    };
    window.addEventListener('keydown', early);
    return () => window.removeEventListener('keydown', early);
  }, [Loaded, load]);

  if (Loaded) {
    return <Loaded value={value} setValue={setValue} inputRef={inputRef} phone={phone} restore={restore} />;
  }

  return (
    <SearchInput
      ref={inputRef}
      phone={phone}
      // What Combobox.Target gives the closed field, so the first paint carries the same attributes.
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      value={value}
      onChange={(event) => {
        caret.current = caretOf(event.currentTarget);
        setValue(event.currentTarget.value);
      }}
      onSelect={(event) => (caret.current = caretOf(event.currentTarget))}
      onFocus={load}
      onKeyDown={(event) => {
        // Enter before the list is there: search all, as with no suggestion chosen.
        const trimmed = value.trim();
        if (event.key === 'Enter' && trimmed.length >= LIMITS.searchMinChars) {
          event.preventDefault();
          void navigate(searchAllPath(trimmed));
          setValue('');
          inputRef.current?.blur();
        }
      }}
    />
  );
}
