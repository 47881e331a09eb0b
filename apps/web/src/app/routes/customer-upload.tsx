import { useNavigate, useParams } from 'react-router';
import {
  CustomerUploadLookup,
  CustomerUploadWizard,
} from '../../features/upload-links/components/customer-upload-wizard.tsx';

/** Spec §2: customers open this from an SMS or e-mail link (or find their order without one). */
export default function CustomerUploadRoute() {
  const { token } = useParams();
  const navigate = useNavigate();
  if (!token) return <CustomerUploadLookup onFound={(found) => void navigate(`/customer-upload/${found}`)} />;
  return <CustomerUploadWizard key={token} token={token} />;
}
