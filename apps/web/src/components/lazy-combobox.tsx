import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ComponentPropsWithoutRef,
  ComponentType,
  FocusEvent,
  KeyboardEvent,
  MouseEvent,
  PointerEvent,
  Ref,
  SyntheticEvent,
} from 'react';
import { ComboboxChevron, TextInput } from '@mantine/core';
import type { AutocompleteProps, SelectProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type * as ComboboxFields from './combobox-fields.tsx';
import type { Handover, LoadedAutocompleteProps, LoadedSelectProps } from './combobox-fields.tsx';
import { lazyOnFirstUse } from './lazy-on-first-use.ts';

/**
 * Decision 038: a select or a type-ahead field that a screen shows on its first paint (the order
 * form's technician, status and catalogue picker) would bring Mantine's Combobox, Popover and
 * floating-ui with it: about 40 KiB gzipped on every visit, for a list nobody has opened yet. These
 * fields paint as a look-alike input (same label, value, chevron, ARIA role and states) and load the
 * real field when first pressed or focused (components/lazy-on-first-use.ts). Every copy on
 * the screen swaps once the module is there; the one in use hands over its focus, caret, typed text
 * and the click or key that asked for the list (combobox-fields.tsx replays it on the real field).
 */

/** The label Mantine's Select shows for `value`: items may be strings, objects or groups. */
function optionLabel(data: SelectProps['data'], value: string | null): string {
  if (value === null || data === undefined) return '';
  for (const item of data as readonly unknown[]) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (typeof item === 'object' && item !== null) {
      const entry = item as { value?: unknown; label?: string; items?: SelectProps['data'] };
      if (entry.items !== undefined) {
        const label = optionLabel(entry.items, value);
        if (label !== '') return label;
      } else if (String(entry.value) === value) return entry.label ?? value;
    }
  }
  return '';
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'NumpadEnter', 'Space']);

type TargetHandlers = Pick<
  ComponentPropsWithoutRef<'input'>,
  'onPointerDown' | 'onPointerLeave' | 'onPointerCancel' | 'onClick' | 'onFocus' | 'onKeyDown'
>;

/**
 * The look-alike's part that decides when to load and what to hand over. `openOnKeys`: keys that
 * open the list (a select that is not searchable opens on arrows, Enter and Space; it keeps them
 * from the form, as Mantine does, and replays them).
 */
function useLookAlike<P extends object>(
  { fields, preload }: LookAlikeLoader<P>,
  options: { openOnKeys: boolean },
  caller: TargetHandlers & { ref?: Ref<HTMLInputElement> | undefined },
) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => fields.current());
  const [handover, setHandover] = useState<Handover | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(inputRef, caller.ref);
  const pressed = useRef(false);
  const replay = useRef<Handover['replay']>(null);
  /** Text typed into a searchable look-alike (set by its onChange). */
  const typed = useRef<string | null>(null);

  /** The look-alike's caret, kept as it moves: the swap renders later than it is asked for. */
  const caret = useRef<Handover['selection']>({ start: 0, end: 0 });
  const track = useCallback((input: HTMLInputElement) => {
    caret.current = { start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0 };
  }, []);

  // Reads refs only, so the listener below may keep the first copy.
  const swap = useCallback(
    (component: ComponentType<P>) => {
      const input = inputRef.current;
      const focused = input !== null && input === document.activeElement;
      if (focused) track(input);
      // Read when the loaded field mounts, not now: keys pressed between the module's arrival and
      // React's render still land in the look-alike, and must neither be lost nor reordered
      // ("SO-2026-000271" once became "O-2026-000271S", issue 31).
      setHandover(
        focused
          ? {
              get selection() {
                return caret.current;
              },
              get replay() {
                return replay.current;
              },
              get typed() {
                return typed.current;
              },
            }
          : null,
      );
      setLoaded(() => component);
    },
    [track],
  );

  useEffect(() => {
    if (Loaded) return undefined;
    // While a button is held on this field, its click swaps it (a swap between press and release
    // would lose the click); every other copy swaps as the module arrives.
    return fields.onLoad((component) => {
      if (!pressed.current) swap(component);
    });
  }, [Loaded, fields, swap]);

  const load = preload;
  const release = () => {
    pressed.current = false;
    const component = fields.current();
    if (component) swap(component);
  };

  /** What the look-alike's input takes on top of the caller's props (whose handlers still run). */
  const targetProps = {
    ref,
    // What Mantine's Combobox target gives a closed field.
    role: 'combobox',
    'aria-haspopup': 'listbox' as const,
    'aria-expanded': false,
    autoComplete: 'off',
    onPointerDown: (event: PointerEvent<HTMLInputElement>) => {
      pressed.current = true;
      load();
      caller.onPointerDown?.(event);
    },
    onPointerLeave: (event: PointerEvent<HTMLInputElement>) => {
      if (pressed.current) release();
      caller.onPointerLeave?.(event);
    },
    onPointerCancel: (event: PointerEvent<HTMLInputElement>) => {
      if (pressed.current) release();
      caller.onPointerCancel?.(event);
    },
    onClick: (event: MouseEvent<HTMLInputElement>) => {
      replay.current = { type: 'click' };
      release();
      caller.onClick?.(event);
    },
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      load();
      caller.onFocus?.(event);
    },
    onSelect: (event: SyntheticEvent<HTMLInputElement>) => track(event.currentTarget),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      load();
      const code = event.nativeEvent.code;
      if (options.openOnKeys && (OPENING_KEYS.has(code) || event.key === 'Enter')) {
        event.preventDefault();
        replay.current = { type: 'key', key: event.key, code };
      }
      caller.onKeyDown?.(event);
    },
  };
  return { Loaded, handover, typedRef: typed, track, targetProps };
}

/** One kind of real field, and the load of the module that holds both kinds. */
interface LookAlikeLoader<P extends object> {
  fields: ReturnType<typeof lazyOnFirstUse<P>>;
  preload: () => void;
}

/** The two fields over one loader of the real ones (the app's below; a test passes its own). */
export function lazyComboboxFields(load: () => Promise<typeof ComboboxFields>) {
  const select = lazyOnFirstUse<LoadedSelectProps>(() => load().then((m) => m.LoadedSelect));
  const autocomplete = lazyOnFirstUse<LoadedAutocompleteProps>(() =>
    load().then((m) => m.LoadedAutocomplete),
  );
  /**
   * Both kinds at once, so every look-alike on the screen swaps whichever was used. A form holding
   * them also calls it on its first focus, so a keyboard user reaches real fields (a screen reader
   * then hears each field once, not again when the real one takes the focus over). Offline: the
   * next press or focus tries again.
   */
  const preload = () => {
    select.preload().catch(() => undefined);
    autocomplete.preload().catch(() => undefined);
  };
  const selects: LookAlikeLoader<LoadedSelectProps> = { fields: select, preload };
  const autocompletes: LookAlikeLoader<LoadedAutocompleteProps> = { fields: autocomplete, preload };
  return {
    LazySelect: (props: SelectProps) => <LookAlikeSelect {...props} loader={selects} />,
    LazyAutocomplete: (props: AutocompleteProps) => (
      <LookAlikeAutocomplete {...props} loader={autocompletes} />
    ),
    preload,
  };
}

export const {
  LazySelect,
  LazyAutocomplete,
  preload: preloadComboboxFields,
} = lazyComboboxFields(() => import('./combobox-fields.tsx'));

/** Mantine's Select, loaded on first use (decision 038). The same props. */
function LookAlikeSelect({ loader, ...props }: SelectProps & { loader: LookAlikeLoader<LoadedSelectProps> }) {
  const {
    data,
    value,
    defaultValue,
    onChange: _onChange,
    searchable,
    clearable: _clearable,
    allowDeselect: _allowDeselect,
    nothingFoundMessage: _nothingFoundMessage,
    renderOption: _renderOption,
    comboboxProps: _comboboxProps,
    filter: _filter,
    limit: _limit,
    maxDropdownHeight: _maxDropdownHeight,
    withCheckIcon: _withCheckIcon,
    checkIconPosition: _checkIconPosition,
    onOptionSubmit: _onOptionSubmit,
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    onDropdownOpen: _onDropdownOpen,
    onDropdownClose: _onDropdownClose,
    searchValue: _searchValue,
    defaultSearchValue: _defaultSearchValue,
    onSearchChange: _onSearchChange,
    onClear: _onClear,
    clearButtonProps: _clearButtonProps,
    hiddenInputProps: _hiddenInputProps,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    withScrollArea: _withScrollArea,
    scrollAreaProps: _scrollAreaProps,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    chevronColor,
    clearSectionMode: _clearSectionMode,
    withAlignedLabels: _withAlignedLabels,
    floatingHeight: _floatingHeight,
    name: _name,
    form: _form,
    rightSection,
    rightSectionPointerEvents,
    classNames: _classNames,
    styles: _styles,
    vars: _vars,
    ...input
  } = props;
  // The look-alike never picks: it shows the value given (controlled) or the first (uncontrolled).
  const label = optionLabel(data, value !== undefined ? value : (defaultValue ?? null));
  const [text, setText] = useState<string | null>(null);
  const { Loaded, handover, typedRef, track, targetProps } = useLookAlike(
    loader,
    { openOnKeys: !searchable },
    props,
  );

  if (Loaded) return <Loaded {...props} handover={handover} />;
  return (
    <TextInput
      {...input}
      {...targetProps}
      readOnly={input.readOnly === true || !searchable}
      pointer={!searchable}
      value={text ?? label}
      onChange={(event) => {
        typedRef.current = event.currentTarget.value;
        track(event.currentTarget);
        setText(event.currentTarget.value);
      }}
      rightSection={
        rightSection ?? <ComboboxChevron size={input.size} error={input.error} color={chevronColor} />
      }
      rightSectionPointerEvents={rightSectionPointerEvents ?? 'none'}
    />
  );
}

/** Mantine's Autocomplete, loaded on first use (decision 038). The same props. */
function LookAlikeAutocomplete({
  loader,
  ...props
}: AutocompleteProps & { loader: LookAlikeLoader<LoadedAutocompleteProps> }) {
  const {
    data: _data,
    value,
    defaultValue,
    onChange,
    onOptionSubmit: _onOptionSubmit,
    renderOption: _renderOption,
    filter: _filter,
    limit: _limit,
    comboboxProps: _comboboxProps,
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    onDropdownOpen: _onDropdownOpen,
    onDropdownClose: _onDropdownClose,
    clearable: _clearable,
    clearButtonProps: _clearButtonProps,
    onClear: _onClear,
    clearSectionMode: _clearSectionMode,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    withScrollArea: _withScrollArea,
    scrollAreaProps: _scrollAreaProps,
    maxDropdownHeight: _maxDropdownHeight,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    floatingHeight: _floatingHeight,
    classNames: _classNames,
    styles: _styles,
    vars: _vars,
    ...input
  } = props;
  const [own, setOwn] = useState(() => defaultValue ?? '');
  const text = value ?? own;
  const { Loaded, handover, track, targetProps } = useLookAlike(loader, { openOnKeys: false }, props);

  // Uncontrolled: what was typed here is where the real field starts.
  if (Loaded)
    return <Loaded {...props} {...(value === undefined ? { defaultValue: own } : {})} handover={handover} />;
  return (
    <TextInput
      {...input}
      {...targetProps}
      value={text}
      onChange={(event) => {
        track(event.currentTarget);
        setOwn(event.currentTarget.value);
        onChange?.(event.currentTarget.value);
      }}
    />
  );
}
