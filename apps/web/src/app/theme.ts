import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

/**
 * Decision 028: every text colour of the theme reaches 4.5:1 (WCAG 1.4.3) on white.
 * - Filled buttons, badges and links use shade 8 of the primary blue (#1971c2: 5.0:1 with white)
 *   instead of shade 6 (#228be6: 3.6:1).
 * - `autoContrast` picks black or white text on every filled colour; with the threshold at the
 *   luminance where both give the same contrast (0.179), the better one is always chosen, so a green
 *   or orange filled badge never carries white text at 3:1.
 * - Light variants already use shade 9 text on shade 1.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Buttons, links and menus show the outline on keyboard focus; text fields, see a11y.css.
  focusRing: 'auto',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/** Secondary ("dimmed") text and placeholders one shade darker: gray 7 is 7.5:1 on white, gray 6 was 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
