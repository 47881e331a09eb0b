import { Badge, createTheme, darken, DEFAULT_THEME, mergeThemeOverrides } from '@mantine/core';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';

/**
 * Decision 028: every text colour of the theme reaches 4.5:1 (WCAG 1.4.3).
 * - Filled buttons, badges and links use shade 8 of the primary blue (#1971c2: 5.0:1 with white)
 *   instead of shade 6 (#228be6: 3.6:1).
 * - `autoContrast` picks black or white text on every filled colour; with the threshold at the
 *   luminance where both give the same contrast (0.179), the better one is always chosen, so a green
 *   or orange filled badge never carries white text at 3:1.
 * - Light and outline variants and coloured text get their colour from `contrastVariables` below.
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
  components: {
    // Badges read as written (sentence case, decision 029): Mantine upper-cases them by default,
    // which made "ACTIVE" sit beside "Scheduled" and spelled translated words in capitals.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
    // A spinner carries its "Loading …" name; axe allows a name only with a role (issue 25's
    // /my-day walk found it). A plain object, so the theme does not load the component.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * The close button of every dialog, drawer and toast gets its accessible name here, once (issue 31:
 * axe "button-name" on Add technician, New rental, Return, and on the toast after a saved logo). The
 * theme is rebuilt per language.
 */
export function themeWithLabels(labels: { close: string }): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        // Plain objects, not Modal.extend(): naming the components here would load Modal, Drawer,
        // the focus trap and floating-ui with the theme, on every screen (login too).
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    }),
  );
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` darkened in small steps until it reaches 4.5:1 on `background` (AA for normal text). */
export function readableOn(hex: string, background: string): string {
  let colour = hex;
  for (let amount = 0.05; contrast(colour, background) < 4.5 && amount < 1; amount += 0.05)
    colour = toHex(darken(hex, amount));
  return colour;
}

function toHex(rgb: string): string {
  if (rgb.startsWith('#')) return rgb;
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b]
    .map((c) =>
      Math.round(c ?? 0)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Per palette colour, in the light scheme: the text of light variants (shade 9 on shade 1 is only
 * 2.9:1 for yellow, 4.0:1 for green), outline variants (shade 8 on white) and `c="green"` text,
 * each darkened just enough for 4.5:1. Blue, red and the greys already pass and stay as they are.
 * A hovered light button's background is shade 2 (issue 31: blue 9 on it was 4.0:1): the text is
 * made readable on that, the darker of the two, so it passes at rest and on hover.
 */
function contrastVariables(): Record<string, string> {
  const vars: Record<string, string> = {};
  const white = '#ffffff';
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark') continue;
    // The light background is shade 1, shade 2 on hover; the text must read on both.
    vars[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
    // Outline badges and buttons and coloured text sit on white, on a selected row (blue 0) or in
    // an alert of their own colour (its light background, shade 1: a red outline "Retry" there
    // read 4.43:1): readable on each, darkest last.
    const surfaces = [white, DEFAULT_THEME.colors.blue[0], shades[1]];
    const onSurface = surfaces.reduce((colour, surface) => readableOn(colour, surface), shades[8]);
    vars[`--mantine-color-${name}-outline`] = onSurface;
    vars[`--mantine-color-${name}-text`] = onSurface;
  }
  return vars;
}

/** Secondary ("dimmed") text and placeholders one shade darker: gray 7 is 7.5:1 on white, gray 6 was 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...contrastVariables(),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // A selected list row or card (components/paged-list.tsx): links (blue 8) on blue 1 were 4.1:1.
    '--app-selected-bg': 'var(--mantine-color-blue-0)',
  },
  dark: {},
});
