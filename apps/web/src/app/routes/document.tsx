import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { DocumentDetailScreen } from '../../features/documents/components/document-detail.tsx';
import { HistorySection } from '../history-section.tsx';

export default function DocumentRoute() {
  const { id = '' } = useParams();
  return (
    <Stack gap="lg">
      <DocumentDetailScreen key={id} id={id} />
      <HistorySection key={`history-${id}`} target={{ subject: 'documents', id }} />
    </Stack>
  );
}
