import { useId } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Box, Chip, Divider, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  COMPONENT_ANSWERS,
  CUSTOMER_AGREEMENTS,
  MEASUREMENT_ANSWERS,
  MEASUREMENT_CHECKPOINTS,
  STATUS_CHECK_COMPONENTS,
  SUBMITTED_PARTS,
} from '@service-portal/shared/service-orders';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import type { SubmittedPart } from '../lib/form-values.ts';
import { FormSection } from './form-section.tsx';

/** A question on the left, its answers as chips on the right (stacked on a phone). */
function QuestionRow({
  label,
  role,
  children,
  below,
}: {
  label: string;
  role: 'radiogroup' | 'group';
  children: ReactNode;
  below?: ReactNode;
}) {
  const labelId = useId();
  return (
    <Box py="sm">
      <Grid gap="xs" align="center">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Text id={labelId} fz="sm" fw={600}>
            {label}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Group gap={6} role={role} aria-labelledby={labelId}>
            {children}
          </Group>
        </Grid.Col>
      </Grid>
      {below}
    </Box>
  );
}

interface AnswerRowProps {
  form: ServiceOrderForm;
  /** Form path of the answer object, such as checkpoints.measurements.heaterElement. */
  path: string;
  label: string;
  options: { value: string; label: string }[];
}

/** One question: a single answer, cleared with "Clear"; "other" makes the details field required. */
function AnswerRow({ form, path, label, options }: AnswerRowProps) {
  const { t } = useTranslation();
  // Subscribes to this answer only: a click re-renders this row, not the whole form.
  const answer = form.useWatchValue(`${path}.answer`) as string | null;
  // One name per question makes its chips one native radio group: one Tab stop, arrows choose.
  const name = useId();
  return (
    <QuestionRow
      label={label}
      role="radiogroup"
      below={
        answer === 'other' ? (
          <Textarea
            mt="xs"
            label={t('serviceOrders.checkpoints.details')}
            withAsterisk
            autosize
            minRows={2}
            key={form.key(`${path}.details`)}
            {...form.getInputProps(`${path}.details`)}
          />
        ) : undefined
      }
    >
      <Chip.Group value={answer} onChange={(value) => form.setFieldValue(`${path}.answer`, value)}>
        {options.map((option) => (
          <Chip key={option.value} value={option.value} name={name} size="xs" variant="outline">
            {option.label}
          </Chip>
        ))}
      </Chip.Group>
      {answer !== null && (
        <Anchor
          component="button"
          type="button"
          fz="xs"
          c="dimmed"
          onClick={() => form.setFieldValue(`${path}.answer`, null)}
          aria-label={t('serviceOrders.checkpoints.clearAnswer', { question: label })}
        >
          {t('serviceOrders.checkpoints.clear')}
        </Anchor>
      )}
    </QuestionRow>
  );
}

function Subsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      <Stack gap={0}>{children}</Stack>
    </Box>
  );
}

export function CheckpointsSection({ form }: { form: ServiceOrderForm }) {
  const { t } = useTranslation();
  const cleanedName = useId();
  const cleanedUponDelivery = form.useWatchValue('checkpoints.agreement.cleanedUponDelivery');
  const partsSubmitted = form.useWatchValue('checkpoints.agreement.partsSubmitted');

  const measurementOptions = MEASUREMENT_ANSWERS.map((value) => ({
    value,
    label: t(`serviceOrders.checkpoints.measurementAnswer.${value}`),
  }));
  const componentOptions = COMPONENT_ANSWERS.map((value) => ({
    value,
    label: t(`serviceOrders.checkpoints.componentAnswer.${value}`),
  }));
  const agreementOptions = CUSTOMER_AGREEMENTS.map((value) => ({
    value,
    label: t(`serviceOrders.checkpoints.agreementAnswer.${value}`),
  }));
  const cleaned = cleanedUponDelivery === null ? null : cleanedUponDelivery ? 'yes' : 'no';

  return (
    <FormSection
      title={t('serviceOrders.form.checkpointsSection')}
      description={t('serviceOrders.form.checkpointsSectionHint')}
      icon={<IconChecklist size={20} />}
    >
      <Stack gap="lg">
        <Subsection title={t('serviceOrders.checkpoints.measurements')}>
          {MEASUREMENT_CHECKPOINTS.map((key, index) => (
            <Box key={key}>
              {index > 0 && <Divider variant="dashed" />}
              <AnswerRow
                form={form}
                path={`checkpoints.measurements.${key}`}
                label={t(`serviceOrders.checkpoints.measurement.${key}`)}
                options={measurementOptions}
              />
            </Box>
          ))}
        </Subsection>

        <Subsection title={t('serviceOrders.checkpoints.components')}>
          {STATUS_CHECK_COMPONENTS.map((key, index) => (
            <Box key={key}>
              {index > 0 && <Divider variant="dashed" />}
              <AnswerRow
                form={form}
                path={`checkpoints.components.${key}`}
                label={t(`serviceOrders.checkpoints.component.${key}`)}
                options={componentOptions}
              />
            </Box>
          ))}
        </Subsection>

        <Subsection title={t('serviceOrders.checkpoints.agreement')}>
          <AnswerRow
            form={form}
            path="checkpoints.agreement.customerAgreement"
            label={t('serviceOrders.checkpoints.customerAgreement')}
            options={agreementOptions}
          />
          <Divider variant="dashed" />
          <QuestionRow label={t('serviceOrders.checkpoints.cleanedUponDelivery')} role="radiogroup">
            <Chip.Group
              value={cleaned}
              onChange={(value) =>
                form.setFieldValue('checkpoints.agreement.cleanedUponDelivery', value === 'yes')
              }
            >
              <Chip value="yes" name={cleanedName} size="xs" variant="outline">
                {t('serviceOrders.checkpoints.yes')}
              </Chip>
              <Chip value="no" name={cleanedName} size="xs" variant="outline">
                {t('serviceOrders.checkpoints.no')}
              </Chip>
            </Chip.Group>
          </QuestionRow>
          <Divider variant="dashed" />
          <QuestionRow
            label={t('serviceOrders.checkpoints.partsSubmitted')}
            role="group"
            below={
              partsSubmitted.includes('other') ? (
                <Textarea
                  mt="xs"
                  label={t('serviceOrders.checkpoints.partsSubmittedOtherDetails')}
                  withAsterisk
                  autosize
                  minRows={2}
                  key={form.key('checkpoints.agreement.partsSubmittedOtherDetails')}
                  {...form.getInputProps('checkpoints.agreement.partsSubmittedOtherDetails')}
                />
              ) : undefined
            }
          >
            <Chip.Group
              multiple
              value={partsSubmitted}
              onChange={(value) =>
                form.setFieldValue(
                  'checkpoints.agreement.partsSubmitted',
                  SUBMITTED_PARTS.filter((part: SubmittedPart) => value.includes(part)),
                )
              }
            >
              {SUBMITTED_PARTS.map((part) => (
                <Chip key={part} value={part} size="xs" variant="outline">
                  {t(`serviceOrders.checkpoints.part.${part}`)}
                </Chip>
              ))}
            </Chip.Group>
          </QuestionRow>
          <Text fz="xs" c="dimmed" mt="xs">
            {t('serviceOrders.checkpoints.warehouseHint')}
          </Text>
        </Subsection>
      </Stack>
    </FormSection>
  );
}
