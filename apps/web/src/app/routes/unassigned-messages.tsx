import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UnassignedInbox } from '../../features/communications/components/unassigned-inbox.tsx';

export default function UnassignedMessagesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('communications.unassigned.title')} />
      <UnassignedInbox />
    </>
  );
}
