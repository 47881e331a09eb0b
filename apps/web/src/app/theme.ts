import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // Badges read as written (sentence case, decision 029): Mantine upper-cases them by default,
    // which made "ACTIVE" sit beside "Scheduled" and spelled translated words in capitals.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});
