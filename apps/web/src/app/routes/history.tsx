import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { HISTORY_SUBJECTS, type HistorySubject } from '@service-portal/shared/history';
import { PageHeader } from '../../components/page-header.tsx';
import { HistoryPanel } from '../../features/history/components/history-panel.tsx';

const isSubject = (value: string): value is HistorySubject =>
  (HISTORY_SUBJECTS as readonly string[]).includes(value);

/**
 * A record's History on a page of its own (issue 26): the technician, rental and rental unit
 * screens link here (their own screens stay within the weight budget); `/history/pricing` is the
 * pricing page's.
 */
export default function HistoryRoute() {
  const { subject = '', id = '' } = useParams();
  const { t } = useTranslation();
  if (subject !== 'pricing' && !isSubject(subject)) return <Navigate to="/" replace />;
  return (
    <Stack gap="lg">
      <PageHeader title={t('history.title')} />
      <HistoryPanel key={`${subject}-${id}`} target={isSubject(subject) ? { subject, id } : { subject }} />
    </Stack>
  );
}
