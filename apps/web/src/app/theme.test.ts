import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, readableOn, theme, themeWithLabels } from './theme.ts';

describe('theme colours (decision 028)', () => {
  const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light;

  it('gives every light, outline and text colour 4.5:1 on its background', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === 'dark') continue;
      expect(contrast(light[`--mantine-color-${name}-light-color`]!, shades[1]), name).toBeGreaterThanOrEqual(
        4.5,
      );
      // A hovered light button (issue 31): its background is shade 2.
      expect(
        contrast(light[`--mantine-color-${name}-light-color`]!, shades[2]),
        `${name} hover`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light[`--mantine-color-${name}-outline`]!, '#ffffff'), name).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrast(light[`--mantine-color-${name}-text`]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white on the primary filled colour at 4.5:1 or more', () => {
    expect(contrast(DEFAULT_THEME.colors.blue[8], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps links and dimmed text at 4.5:1 on a selected row', () => {
    expect(light['--app-selected-bg']).toBe('var(--mantine-color-blue-0)');
    const selected = DEFAULT_THEME.colors.blue[0];
    expect(contrast(DEFAULT_THEME.colors.blue[8], selected)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.gray[7], selected)).toBeGreaterThanOrEqual(4.5);
    // Outline badges (a status on the order list) on a selected row: 4.4:1 before.
    for (const name of Object.keys(DEFAULT_THEME.colors).filter((n) => n !== 'dark')) {
      expect(contrast(light[`--mantine-color-${name}-outline`]!, selected), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps outline text at 4.5:1 in an alert of its own colour', () => {
    // A red outline "Retry" inside a failed message's red alert (light background: shade 1).
    for (const name of Object.keys(DEFAULT_THEME.colors).filter((n) => n !== 'dark')) {
      const alertBg = DEFAULT_THEME.colors[name]![1];
      expect(contrast(light[`--mantine-color-${name}-outline`]!, alertBg), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('names the close button of every dialog, drawer and toast', () => {
    const labelled = themeWithLabels({ close: 'Close' });
    for (const name of ['Modal', 'Drawer', 'Notification']) {
      expect(labelled.components?.[name]?.defaultProps, name).toEqual({
        closeButtonProps: { 'aria-label': 'Close' },
      });
    }
  });

  it('leaves a colour that already passes unchanged', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
    expect(contrast(readableOn('#fab005', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
