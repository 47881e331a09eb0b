import { useParams } from 'react-router';
import { SerialHistoryScreen } from '../../features/serial-history/components/serial-history.tsx';

export default function SerialNumberRoute() {
  const { serial = '' } = useParams();
  return <SerialHistoryScreen key={serial} serial={serial} />;
}
