import { useEffect, useRef } from 'react';
import type { Ref } from 'react';
import { Autocomplete, Select } from '@mantine/core';
import type { AutocompleteProps, SelectProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';

/**
 * Decision 038: Mantine's Select and Autocomplete (Combobox, Popover, floating-ui, the focus trap:
 * about 40 KiB gzipped) load with the first use of such a field; until then lazy-combobox.tsx shows
 * a look-alike input. This module is that first use's chunk: the real fields, and the handover.
 */

/** What the look-alike held when it was replaced: the loaded field takes it over. */
export interface Handover {
  /** The caret and selection of the look-alike, which had the focus. */
  selection: { start: number; end: number };
  /** The gesture that asked for the list before the module was there, replayed on the real field. */
  replay: { type: 'click' } | { type: 'key'; key: string; code: string } | null;
  /** Text typed into a searchable look-alike that differs from what the real field starts with. */
  typed: string | null;
}

/** Writes `text` as if typed: React's onChange (and so Mantine's search) sees an input event. */
function typeInto(input: HTMLInputElement, text: string) {
  // The prototype's setter: React tracks the element's own one, and would take the event for none.
  Reflect.set(HTMLInputElement.prototype, 'value', text, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** On mount, once: focus, the typed text, the caret, then the gesture. */
function useHandover(handover: Handover | null): Ref<HTMLInputElement> {
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    const input = ref.current;
    if (done.current || input === null || handover === null) return;
    done.current = true;
    input.focus({ preventScroll: true });
    if (handover.typed !== null && handover.typed !== input.value) typeInto(input, handover.typed);
    const length = input.value.length;
    input.setSelectionRange(
      Math.min(handover.selection.start, length),
      Math.min(handover.selection.end, length),
    );
    const replay = handover.replay;
    if (replay?.type === 'click') input.click();
    else if (replay)
      input.dispatchEvent(
        new KeyboardEvent('keydown', { key: replay.key, code: replay.code, bubbles: true, cancelable: true }),
      );
  }, [handover]);
  return ref;
}

export type LoadedSelectProps = SelectProps & { handover: Handover | null; ref?: Ref<HTMLInputElement> };

export function LoadedSelect({ handover, ref, ...props }: LoadedSelectProps) {
  const own = useHandover(handover);
  return <Select {...props} ref={useMergedRef(own, ref)} />;
}

export type LoadedAutocompleteProps = AutocompleteProps & {
  handover: Handover | null;
  ref?: Ref<HTMLInputElement>;
};

export function LoadedAutocomplete({ handover, ref, ...props }: LoadedAutocompleteProps) {
  const own = useHandover(handover);
  return <Autocomplete {...props} ref={useMergedRef(own, ref)} />;
}
