import { fireEvent } from '@testing-library/react';

/**
 * Arms `input` so that right after the next read of its caret (what a lazy field does when its
 * module arrives and it asks for the swap), a key lands in it before React renders the swap: the
 * race of issue 31 ("SO-2026-000271" became "O-2026-000271S"), made deterministic.
 */
export function typeRightAfterCaretRead(input: HTMLInputElement, value: string): void {
  const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'selectionStart')!;
  Object.defineProperty(input, 'selectionStart', {
    configurable: true,
    get(this: HTMLInputElement) {
      const caret = own.get!.call(this) as number | null;
      Reflect.deleteProperty(input, 'selectionStart');
      queueMicrotask(() => fireEvent.change(input, { target: { value } }));
      return caret;
    },
  });
}
