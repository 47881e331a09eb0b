import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { InfoCenterScreen } from '../../features/documents/components/info-center-screen.tsx';

export default function InfoCenterRoute() {
  const user = useCurrentUser();
  return <InfoCenterScreen canUpload={isAllowed(user, STAFF_MANAGERS)} canUploadMaker={user.isGlobalAdmin} />;
}
