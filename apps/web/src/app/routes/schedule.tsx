import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { ScheduleBoard } from '../../features/schedule/components/schedule-board.tsx';

/**
 * The dispatch board (issue 25); its chunk alone carries the drag-and-drop library (decision 050).
 * Every staff member reads it; managers (the server's access map for moves) also move orders.
 */
export default function ScheduleRoute() {
  const user = useCurrentUser();
  return <ScheduleBoard canEdit={isAllowed(user, STAFF_MANAGERS)} />;
}
