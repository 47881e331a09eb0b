import { useParams } from 'react-router';
import { TechnicianDetail } from '../../features/technicians/components/technician-detail.tsx';

export default function TechnicianRoute() {
  const { id = '' } = useParams();
  return <TechnicianDetail key={id} id={id} />;
}
