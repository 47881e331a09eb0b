import { JobsScreen } from '../../features/jobs/components/jobs-screen.tsx';

export default function AdminJobsRoute() {
  return <JobsScreen />;
}
