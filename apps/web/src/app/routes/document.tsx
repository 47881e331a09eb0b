import { useParams } from 'react-router';
import { DocumentDetailScreen } from '../../features/documents/components/document-detail.tsx';

export default function DocumentRoute() {
  const { id = '' } = useParams();
  return <DocumentDetailScreen key={id} id={id} />;
}
