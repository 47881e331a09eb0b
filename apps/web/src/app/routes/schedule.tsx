import { ScheduleBoard } from '../../features/schedule/components/schedule-board.tsx';

/** The dispatch board (issue 25); its chunk alone carries the drag-and-drop library (decision 050). */
export default function ScheduleRoute() {
  return <ScheduleBoard />;
}
