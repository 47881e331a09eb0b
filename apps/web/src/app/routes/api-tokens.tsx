import { ApiTokensScreen } from '../../features/api-tokens/components/api-tokens-screen.tsx';

export default function ApiTokensRoute() {
  return <ApiTokensScreen />;
}
