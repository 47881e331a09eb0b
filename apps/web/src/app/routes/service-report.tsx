import { useParams } from 'react-router';
import { ServiceReportScreen } from '../../features/service-reports/components/service-report-screen.tsx';

/** /service-orders/:id/report: the signed service report on the technician's phone (issue 27). */
export default function ServiceReportRoute() {
  const { id = '' } = useParams();
  return <ServiceReportScreen orderId={id} />;
}
