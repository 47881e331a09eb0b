import type { ReactNode } from 'react';
import { Button, EmptyState } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage, formatMessage, toApiFailure } from '../lib/api-errors.ts';
import type { TranslationKey } from '../lib/i18n.ts';
import { LoadErrorAlert } from './load-error-alert.tsx';
import { PageHeader } from './page-header.tsx';

interface Props {
  error: unknown;
  /** The screen's heading while the record is unknown ("Customer"). */
  heading: string;
  /** What a missing record says, in the record's words, and the way back to its list. */
  notFound: { title: string; text: string; backTo: string; backLabel: string };
  /** The screen's message for any other failure. */
  fallback: TranslationKey;
  onRetry: () => void;
  children?: ReactNode;
}

/**
 * A detail screen whose record did not load: a missing one (404, or a malformed id: 400) is said
 * in words with the way back to the list, as the order screen does; any other failure gets the
 * catalogue's message and a retry. Never the server's raw "(404: …)" (issue 31).
 */
export function RecordLoadFailure({ error, heading, notFound, fallback, onRetry }: Props) {
  const { t } = useTranslation();
  const failure = toApiFailure(error);
  const missing = failure.kind === 'http' && (failure.status === 404 || failure.status === 400);
  return (
    <>
      <PageHeader title={heading} />
      {missing ? (
        <EmptyState
          py={48}
          icon={<IconFileUnknown size={28} />}
          withIndicatorBackground
          title={notFound.title}
          description={notFound.text}
        >
          <EmptyState.Actions>
            <Button component={Link} to={notFound.backTo} variant="light">
              {notFound.backLabel}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <LoadErrorAlert message={formatMessage(t, apiErrorMessage(error, fallback))} onRetry={onRetry} />
      )}
    </>
  );
}
