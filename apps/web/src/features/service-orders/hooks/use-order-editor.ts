import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccessSubject } from '@service-portal/shared/access';
import { nextStatuses } from '@service-portal/shared/service-orders';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import { displayTimeZone } from '../../../lib/dates.ts';
import { applyProblem } from '../../../lib/form-errors.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { serviceOrderQueryOptions } from '../api/get-service-order.ts';
import { useUpdateServiceOrder } from '../api/update-service-order.ts';
import type { ServiceOrderUpdateInput } from '@service-portal/shared/service-orders';
import {
  convertAmounts,
  sameValue,
  toFormValues,
  validateForUpdate,
  wireOf,
  withSavedLineIds,
} from '../lib/form-values.ts';
import type { ServiceOrderFormValues, WireValues } from '../lib/form-values.ts';
import { rebase } from '../lib/rebase.ts';
import { focusFirstError, useServiceOrderForm } from './use-service-order-form.ts';
import { todayIn } from '@service-portal/shared/zoned-days';

/** Spec: autosave 1–2 s after the last change; 1.5 s leaves time to finish a word. */
export const AUTOSAVE_DELAY_MS = 1500;

/**
 * saved: the form equals the server copy · pending: changes not saved yet · saving: a PUT is out ·
 * invalid: the form has errors and is not sent · conflict: the server has a newer version; saving
 * stops until the reader reloads it · error: the last save failed for another reason.
 */
export type SavePhase = 'saved' | 'pending' | 'saving' | 'invalid' | 'conflict' | 'error';

interface SavedCopy {
  /** The form values the server copy corresponds to (what was loaded or last sent). */
  values: ServiceOrderFormValues;
  wire: WireValues;
  version: number;
  scheduledDate: string | null;
}

interface EditorState {
  phase: SavePhase;
  error: UiMessage | null;
  savedAt: Date | null;
  /** The latest server copy: order number, status history, timestamps. */
  order: ServiceOrder;
  reloading: boolean;
}

interface OrderEditorOptions {
  order: ServiceOrder;
  autosave: boolean;
  actor: AccessSubject;
}

/**
 * The edit form of one order and its saving: autosave after a pause, or Save when autosave is off.
 * Every PUT carries the version last read and only the fields that changed. A stale version (the
 * order was saved elsewhere, e.g. in another tab) stops saving; `reloadLatest` then loads the newer
 * copy and puts the reader's unsaved edits back on top, so nothing typed is lost and nothing is
 * overwritten without the reader seeing it.
 */
export function useOrderEditor({ order: initialOrder, autosave, actor }: OrderEditorOptions) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const update = useUpdateServiceOrder();
  const orderId = initialOrder.id;

  const [initialValues] = useState(() => toFormValues(initialOrder, language));
  const saved = useRef<SavedCopy>({
    values: initialValues,
    wire: wireOf(initialValues, language),
    version: initialOrder.version,
    scheduledDate: initialOrder.scheduledDate,
  });
  const [state, setState] = useState<EditorState>({
    phase: 'saved',
    error: null,
    savedAt: null,
    order: initialOrder,
    reloading: false,
  });
  const phase = useRef<SavePhase>('saved');
  const inFlight = useRef(false);
  const saveAgain = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const autosaveOn = useRef(autosave);
  const languageRef = useRef(language);
  const runSaveRef = useRef<(manual: boolean) => Promise<void>>(async () => {});

  const setPhase = useCallback((next: SavePhase, error: UiMessage | null = null) => {
    phase.current = next;
    setState((current) =>
      current.phase === next && current.error === error ? current : { ...current, phase: next, error },
    );
  }, []);

  const cancelTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(() => {
    cancelTimer();
    timer.current = setTimeout(() => void runSaveRef.current(false), AUTOSAVE_DELAY_MS);
  }, [cancelTimer]);

  const form = useServiceOrderForm(initialValues, () => {
    if (phase.current === 'conflict') return; // the edits stay in the form; reloading merges them
    if (phase.current !== 'saving' && phase.current !== 'pending') setPhase('pending');
    if (autosaveOn.current) schedule();
  });

  const differsFromSaved = useCallback(
    () => !sameValue(wireOf(form.getValues(), languageRef.current), saved.current.wire),
    [form],
  );
  // What was typed and not yet saved survives an expired session (issue 31 item 6): given back
  // once after signing in, it counts as a change and autosave (or Save) sends it.
  useFormDraft(`serviceOrders.edit.${orderId}`, form, () => differsFromSaved());

  const runSave = async (manual: boolean) => {
    cancelTimer();
    if (phase.current === 'conflict') return;
    if (inFlight.current) {
      saveAgain.current = true;
      return;
    }
    const values = form.getValues();
    const result = validateForUpdate(values, saved.current.wire, saved.current.version, {
      language,
      today: todayIn(displayTimeZone()),
      storedScheduledDate: saved.current.scheduledDate,
    });
    if (!result.ok) {
      form.setErrors(result.errors);
      setPhase('invalid');
      if (manual) focusFirstError(result.errors);
      return;
    }
    form.clearErrors();
    if (result.changed.length === 0) {
      setPhase('saved');
      return;
    }

    inFlight.current = true;
    setPhase('saving');
    try {
      const order = await update.mutateAsync({ id: orderId, body: result.body as ServiceOrderUpdateInput });
      // Lines this save added now have ids: the form and the saved copy carry them from here on.
      const sent = withSavedLineIds(values, values, order);
      const live = form.getValues();
      withSavedLineIds(live, values, order).spareParts.forEach((line, index) => {
        if (line.id && !live.spareParts[index]?.id)
          form.setFieldValue(`spareParts.${index}.id`, line.id, { forceUpdate: false });
      });
      saved.current = {
        values: sent,
        wire: wireOf(sent, language),
        version: order.version,
        scheduledDate: order.scheduledDate,
      };
      inFlight.current = false;
      setState((current) => ({ ...current, order, savedAt: new Date() }));
      if (manual) notifications.show({ color: 'green', message: t('success.updated') });
      if (differsFromSaved()) {
        setPhase('pending');
        // Typed while the save was out: save that too (at once if Save was pressed meanwhile).
        if (saveAgain.current) void runSaveRef.current(true);
        else if (autosaveOn.current) schedule();
      } else {
        setPhase('saved');
      }
    } catch (error) {
      inFlight.current = false;
      const outcome = applyProblem(form, error, {
        fallback: 'errors.saveServiceOrder',
        subject: 'serviceOrder',
      });
      if (outcome.kind === 'versionConflict') {
        setPhase('conflict');
      } else if (outcome.kind === 'fields') {
        setPhase('invalid');
        focusFirstError(outcome.errors);
      } else {
        setPhase('error', outcome.message);
      }
    } finally {
      saveAgain.current = false;
    }
  };

  useLayoutEffect(() => {
    runSaveRef.current = runSave;
  });

  // Timers are the outside world here: follow the autosave setting, and stop on leaving the page.
  useEffect(() => {
    autosaveOn.current = autosave;
    if (!autosave) cancelTimer();
    else if (phase.current === 'pending' || phase.current === 'invalid') schedule();
  }, [autosave, cancelTimer, schedule]);
  useEffect(() => cancelTimer, [cancelTimer]);

  // Amounts are typed in the reader's notation; a language switch rewrites them in the new one.
  useEffect(() => {
    const previous = languageRef.current;
    if (previous === language) return;
    languageRef.current = language;
    form.setValues(convertAmounts(form.getValues(), previous, language));
  }, [form, language]);

  const reloadLatest = async () => {
    setState((current) => ({ ...current, reloading: true }));
    try {
      const fresh = await queryClient.fetchQuery({ ...serviceOrderQueryOptions(orderId), staleTime: 0 });
      const theirs = toFormValues(fresh, language);
      const merged = rebase(saved.current.values, form.getValues(), theirs).values;
      // A status the reader picked may no longer be a legal move from the newer status.
      if (merged.status !== fresh.status && !nextStatuses(fresh.status, actor).includes(merged.status)) {
        merged.status = fresh.status;
      }
      saved.current = {
        values: theirs,
        wire: wireOf(theirs, language),
        version: fresh.version,
        scheduledDate: fresh.scheduledDate,
      };
      setState((current) => ({ ...current, order: fresh, reloading: false }));
      phase.current = 'pending';
      form.setValues(merged);
      const kept = differsFromSaved();
      setPhase(kept ? 'pending' : 'saved');
      notifications.show({
        color: 'blue',
        message: t(kept ? 'serviceOrders.conflict.reloadedKept' : 'serviceOrders.conflict.reloaded'),
      });
    } catch (error) {
      setState((current) => ({
        ...current,
        reloading: false,
        error: apiErrorMessage(error, 'errors.loadData'),
      }));
    }
  };

  return {
    form,
    phase: state.phase,
    error: state.error,
    savedAt: state.savedAt,
    order: state.order,
    reloading: state.reloading,
    save: () => void runSave(true),
    reloadLatest: () => void reloadLatest(),
    /** Read at navigation time by the leave-page guard. */
    hasUnsavedChanges: () => inFlight.current || differsFromSaved(),
  };
}
