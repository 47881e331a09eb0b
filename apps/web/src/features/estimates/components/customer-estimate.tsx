import { useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  answerRefusal,
  estimateApproveSchema,
  estimateDeclineSchema,
  ESTIMATE_LIMITS,
  type Estimate,
} from '@service-portal/shared/estimates';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { estimateErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import { useAnswerEstimate, useCustomerEstimates } from '../api/customer-estimates.ts';
import { EstimateDetails, EstimateStatusBadge } from './estimate-details.tsx';
import { translateEstimateError } from './estimate-messages.ts';

function Answer({ token, session, estimate }: { token: string; session: string; estimate: Estimate }) {
  const { t } = useTranslation();
  const answer = useAnswerEstimate(token, session);
  const [mode, setMode] = useState<'approve' | 'decline'>('approve');
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { estimateId: estimate.id, version: estimate.version };

  const submit = () => {
    const body = mode === 'approve' ? { ...ids, name } : { ...ids, comment };
    const errors = schemaErrors(mode === 'approve' ? estimateApproveSchema : estimateDeclineSchema, body);
    const first = errors.name ?? errors.comment;
    setError(first ?? null);
    if (first !== undefined) return;
    answer.mutate(
      mode === 'approve'
        ? { kind: 'approve', body: estimateApproveSchema.parse(body) }
        : { kind: 'decline', body: estimateDeclineSchema.parse(body) },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {mode === 'approve' ? (
          <TextInput
            label={t('estimates.customer.name')}
            description={t('estimates.customer.nameHint')}
            required
            autoComplete="name"
            maxLength={ESTIMATE_LIMITS.maxNameLength}
            value={name}
            error={error ? translateEstimateError(t, error) : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        ) : (
          <Textarea
            label={t('estimates.customer.comment')}
            required
            autosize
            minRows={2}
            maxLength={ESTIMATE_LIMITS.maxCommentLength}
            value={comment}
            error={error ? translateEstimateError(t, error) : undefined}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
        )}
        {answer.isError && (
          <Alert color="red" role="alert">
            {formatMessage(t, estimateErrorMessage(answer.error, 'estimates.customer.failed', 'customer'))}
          </Alert>
        )}
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <Button type="submit" color={mode === 'approve' ? 'green' : 'red'} loading={answer.isPending}>
            {mode === 'approve' ? t('estimates.customer.approve') : t('estimates.customer.decline')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setError(null);
              setMode(mode === 'approve' ? 'decline' : 'approve');
            }}
          >
            {mode === 'approve' ? t('estimates.customer.toDecline') : t('estimates.customer.toApprove')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The customer's side of the status link: the newest estimate to approve (typed name) or decline. */
export function CustomerEstimate({ token, session }: { token: string; session: string }) {
  const { t, i18n } = useTranslation();
  const estimates = useCustomerEstimates(token, session);
  if (estimates.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (estimates.isError)
    return <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void estimates.refetch()} />;
  const [newest, ...older] = estimates.data;
  if (newest === undefined) return null;
  const today = new Date().toISOString().slice(0, 10);
  const refusal = answerRefusal(newest, today);
  return (
    <Card withBorder component="section" aria-labelledby="customer-estimate-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="customer-estimate-title">
            {t('estimates.customer.title', { version: newest.version })}
          </Title>
          <EstimateStatusBadge status={newest.status} superseded={newest.superseded} />
        </Group>
        {newest.noteToCustomer && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {newest.noteToCustomer}
          </Text>
        )}
        <EstimateDetails estimate={newest} />
        <Text size="sm" c="dimmed">
          {t('estimates.validThrough', { day: formatDay(newest.validUntil, i18n.language) })}
        </Text>
        {newest.status === 'approved' && (
          <Alert color="green" role="status">
            {t('estimates.approvedBy', {
              name: newest.approvedName ?? '',
              time: newest.decidedAt ? formatDateTime(newest.decidedAt, i18n.language) : '',
            })}
          </Alert>
        )}
        {newest.status === 'declined' && (
          <Alert color="red" role="status">
            {t('estimates.customer.declined')}
          </Alert>
        )}
        {refusal === 'expired' && (
          <Alert color="orange" role="status">
            {t('errors.estimates.expired')}
          </Alert>
        )}
        {refusal === null && <Answer token={token} session={session} estimate={newest} />}
        {older.length > 0 && (
          <Accordion variant="contained">
            {older.map((e) => (
              <Accordion.Item key={e.id} value={e.id}>
                <Accordion.Control>
                  <Group gap="xs">
                    <Text size="sm">{t('estimates.version', { version: e.version })}</Text>
                    <EstimateStatusBadge status={e.status} superseded={e.superseded} />
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <EstimateDetails estimate={e} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Card>
  );
}
