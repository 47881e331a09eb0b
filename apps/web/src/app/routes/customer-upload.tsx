import { useNavigate, useParams } from 'react-router';
import { CustomerEstimate } from '../../features/estimates/components/customer-estimate.tsx';
import { CustomerReportCard } from '../../features/service-reports/components/customer-report-card.tsx';
import {
  CustomerUploadLookup,
  CustomerUploadWizard,
  type StatusExtras,
} from '../../features/upload-links/components/customer-upload-wizard.tsx';

// The status step shows the order's estimate to answer and, once signed, its service report.
const statusExtras: StatusExtras = (token, session) => (
  <>
    <CustomerEstimate token={token} session={session} />
    <CustomerReportCard token={token} session={session} />
  </>
);

/** Spec §2: customers open this from an SMS or e-mail link (or find their order without one). */
export default function CustomerUploadRoute() {
  const { token } = useParams();
  const navigate = useNavigate();
  if (!token) return <CustomerUploadLookup onFound={(found) => void navigate(`/customer-upload/${found}`)} />;
  return <CustomerUploadWizard key={token} token={token} statusExtras={statusExtras} />;
}
