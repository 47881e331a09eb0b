import { useActingPartners } from '../../features/admin/api/list-acting-partners.ts';
import { HistorySearchScreen } from '../../features/history/components/history-search-screen.tsx';

/** The global administrator's history search; the partner picker lists the admin feature's partners. */
export default function AdminHistoryRoute() {
  const partners = useActingPartners(true);
  return <HistorySearchScreen partners={partners.isError ? null : partners.data} />;
}
