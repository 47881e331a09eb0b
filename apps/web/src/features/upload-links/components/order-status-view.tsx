import {
  Alert,
  Button,
  Loader,
  Rating as StarRating,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ratingInputSchema, type RatingInput } from '@service-portal/shared/upload-links';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import { useUploadStatus } from '../api/get-upload-status.ts';
import { useRateOrder } from '../api/rate-order.ts';

/** The order's progress in customer words with dates; after completion, a 1–5 rating. */
export function OrderStatusView({ token, session }: { token: string; session: string }) {
  const { t, i18n } = useTranslation();
  const status = useUploadStatus(token, session);
  if (status.isPending) return <Loader aria-label={t('app.loading')} />;
  if (status.isError)
    return <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void status.refetch()} />;
  const data = status.data;
  const current = data.steps.findIndex((s) => s.stage === data.stage);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('statusPage.title')}
      </Title>
      <Timeline active={current} bulletSize={22} lineWidth={2}>
        {data.steps.map((step) => (
          <Timeline.Item
            key={step.stage}
            bullet={step.reachedAt ? <IconCheck size={12} aria-hidden="true" /> : undefined}
            title={t(`statusPage.stages.${step.stage}`)}
            aria-current={step.stage === data.stage ? 'step' : undefined}
          >
            <Text size="sm" c="dimmed">
              {step.reachedAt ? formatDateTime(step.reachedAt, i18n.language) : t('statusPage.notYet')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {data.rating && <Text>{t('statusPage.yourRating', { rating: data.rating.rating })}</Text>}
      {data.canRate && <RatingForm token={token} session={session} />}
    </Stack>
  );
}

function RatingForm({ token, session }: { token: string; session: string }) {
  const { t } = useTranslation();
  const rate = useRateOrder();
  const form = useForm<{ rating: number; comment: string }>({
    initialValues: { rating: 0, comment: '' },
    validate: (values) => schemaErrors(ratingInputSchema, values),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const body: RatingInput = ratingInputSchema.parse(values);
        rate.mutate({ token, session, body });
      })}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('statusPage.rateTitle')}
        </Title>
        <div>
          <Text size="sm" fw={500} id="rating-label">
            {t('statusPage.rating')}
          </Text>
          <StarRating
            size="lg"
            value={form.values.rating}
            onChange={(v) => form.setFieldValue('rating', v)}
            aria-labelledby="rating-label"
          />
          {form.errors.rating && (
            <Text size="xs" c="red">
              {translateFormError(t, form.errors.rating)}
            </Text>
          )}
        </div>
        <Textarea
          label={t('statusPage.comment')}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('comment')}
        />
        {rate.isError && (
          <Alert color="red" role="alert">
            {formatMessage(t, apiErrorMessage(rate.error, 'statusPage.failed'))}
          </Alert>
        )}
        <Button type="submit" loading={rate.isPending}>
          {t('statusPage.submit')}
        </Button>
      </Stack>
    </form>
  );
}
