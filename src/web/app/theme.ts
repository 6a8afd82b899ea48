import { Badge, createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Calm and readable; the darker primary shade keeps filled buttons above 4.5:1 contrast. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A badge (a status in a list) always shows its whole word: a table column never squeezes
    // it to 'PEN…', since its label would otherwise let it shrink to nothing.
    Badge: Badge.extend({
      styles: { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } },
    }),
  },
});

/** Mantine's default 'dimmed' grey is below 4.5:1 on white; a shade darker passes. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: {},
});
