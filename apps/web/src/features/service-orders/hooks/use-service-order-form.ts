import { useCallback, useLayoutEffect, useRef } from 'react';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { translateFormError } from '../../../lib/form-errors.ts';
import type { ServiceOrderFormValues } from '../lib/form-values.ts';

export type ServiceOrderForm = UseFormReturnType<ServiceOrderFormValues>;

/**
 * The one form setup of the create and edit screens. Validation is not Mantine's: the screens run
 * the shared schemas (see lib/form-values.ts) and put the messages in with `setErrors`. Messages are
 * stored in English and translated here, as each input renders.
 *
 * Uncontrolled: typing does not re-render the form (it has a hundred inputs, and technicians use it
 * on phones). Every input takes `key={form.key(path)}`; parts that depend on a value subscribe to
 * just that value with `form.useWatchValue(path)`.
 */
export function useServiceOrderForm(
  initialValues: ServiceOrderFormValues,
  onValuesChange?: (values: ServiceOrderFormValues) => void,
): ServiceOrderForm {
  const { t } = useTranslation();
  const onChangeRef = useRef(onValuesChange);
  useLayoutEffect(() => {
    onChangeRef.current = onValuesChange;
  });
  const handleValuesChange = useCallback(
    (values: ServiceOrderFormValues) => onChangeRef.current?.(values),
    [],
  );

  return useForm<ServiceOrderFormValues>({
    mode: 'uncontrolled',
    initialValues,
    onValuesChange: handleValuesChange,
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: translateFormError(t, inputProps.error as string) } : undefined,
  });
}

/** Moves focus to the first field with an error (in page order), so keyboard and screen-reader users land on it. */
export function focusFirstError(errors: Record<string, unknown>): void {
  // Paths are letters, digits and dots, safe inside a quoted attribute selector.
  const nodes = Object.keys(errors)
    .map((path) => document.querySelector<HTMLElement>(`[data-path="${path}"]`))
    .filter((node): node is HTMLElement => node !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = nodes[0];
  const target = first?.matches('input, textarea, select, button')
    ? first
    : first?.querySelector<HTMLElement>('input, textarea, button');
  target?.focus();
  target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
