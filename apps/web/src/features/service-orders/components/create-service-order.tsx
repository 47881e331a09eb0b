import { useCallback, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { preloadComboboxFields } from '../../../components/lazy-combobox.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import { displayTimeZone } from '../../../lib/dates.ts';
import { applyProblem } from '../../../lib/form-errors.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { useCreateServiceOrder } from '../api/create-service-order.ts';
import { focusFirstError, useServiceOrderForm } from '../hooks/use-service-order-form.ts';
import { emptyFormValues, sameValue, validateForCreate } from '../lib/form-values.ts';
import type { Lookup } from '../lib/lookups.ts';
import { CheckpointsPart } from './checkpoints-part.tsx';
import { CustomerSection } from './customer-section.tsx';
import { InternalNotesSection } from './internal-notes-section.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { OrderInfoSection } from './order-info-section.tsx';
import { SparePartsSection } from './spare-parts-section.tsx';
import { todayIn } from '@service-portal/shared/zoned-days';

/** The customer fields an order starts with (started from the customer's page). */
export interface CustomerPrefill {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
}

interface CreateServiceOrderProps {
  technicians: Lookup;
  warehouseLocations: Lookup;
  customer?: CustomerPrefill | undefined;
}

/** /service-orders/new: the same sections as editing; saved once, with the Create button. */
export function CreateServiceOrder({ technicians, warehouseLocations, customer }: CreateServiceOrderProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [initialValues] = useState(() => ({ ...emptyFormValues(), ...customer }));
  const form = useServiceOrderForm(initialValues);
  const create = useCreateServiceOrder();
  const [failure, setFailure] = useState<UiMessage | null>(null);
  const created = useRef(false);
  // A session that ends while the order is typed keeps what was typed: back here after signing in
  // again, the form has it (issue 31 item 6; lib/form-drafts.ts).
  useFormDraft('serviceOrders.new', form, (values) => !sameValue(values, initialValues));

  const shouldBlock = useCallback(
    () => !created.current && !sameValue(form.getValues(), initialValues),
    [form, initialValues],
  );

  const submit = () => {
    setFailure(null);
    const result = validateForCreate(form.getValues(), {
      language,
      today: todayIn(displayTimeZone()),
      storedScheduledDate: null,
    });
    if (!result.ok) {
      form.setErrors(result.errors);
      setFailure({ key: 'serviceOrders.form.fixErrors' });
      focusFirstError(result.errors);
      return;
    }
    create.mutate(result.body, {
      onSuccess: (order) => {
        created.current = true;
        notifications.show({ color: 'green', message: t('success.saved') });
        void navigate(`/service-orders/${order.id}`, { replace: true });
      },
      onError: (error) => {
        const outcome = applyProblem(form, error, { fallback: 'errors.saveServiceOrder' });
        if (outcome.kind === 'fields') focusFirstError(outcome.errors);
        setFailure(outcome.message);
      },
    });
  };

  return (
    <>
      <PageHeader title={t('screens.newServiceOrder')} />
      <form
        noValidate
        // The form's selects load on first use (decision 038); its first focus starts that load.
        onFocus={preloadComboboxFields}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg" maw={1100}>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {formatMessage(t, failure)}
            </Alert>
          )}
          <CustomerSection form={form} />
          <OrderInfoSection
            form={form}
            technicians={technicians}
            warehouseLocations={warehouseLocations}
            today={todayIn(displayTimeZone())}
            language={language}
          />
          <SparePartsSection form={form} language={language} />
          <CheckpointsPart form={form} />
          <InternalNotesSection form={form} />
        </Stack>
        <Box pos="sticky" bottom={0} mt="lg" maw={1100} style={{ zIndex: 5 }}>
          <Paper withBorder shadow="md" radius="md" p="sm">
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/service-orders">
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                leftSection={<IconCheck size={18} aria-hidden="true" />}
              >
                {t('serviceOrders.form.create')}
              </Button>
            </Group>
          </Paper>
        </Box>
      </form>
      <LeaveGuard shouldBlock={shouldBlock} />
    </>
  );
}
