import { Badge, createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Calm and readable, light or dark; the darker primary shade keeps white text on filled
 * buttons above 4.5:1 contrast in both schemes.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A link inside text is told apart by its underline, not by its colour alone (which in the
    // dark scheme is too close to the text's).
    Anchor: { defaultProps: { underline: 'always' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A badge (a status in a list) always shows its whole word: a table column never squeezes
    // it to 'PEN…', since its label would otherwise let it shrink to nothing.
    Badge: Badge.extend({
      styles: { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } },
    }),
  },
});

/** Mantine's default 'dimmed' grey is below 4.5:1 on white (and on the dark body); one shade further passes. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
