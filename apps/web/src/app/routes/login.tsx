import { useLocation } from 'react-router';
import { returnPathFrom } from '../guards/return-path.ts';
import { SignInScreen } from '../sign-in-screen.tsx';

/** /login inside the app (after a sign-out or an expired session); a first visit uses sign-in-app.tsx. */
export default function LoginRoute() {
  const location = useLocation();
  return <SignInScreen returnUrl={returnPathFrom(location.state)} />;
}
