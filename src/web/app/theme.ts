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
  // A person who asked their system for less motion gets none: dialogs, menus and
  // notifications appear without sliding or fading.
  respectReducedMotion: true,
  components: {
    // A link inside text is told apart by its underline, not by its colour alone (which in the
    // dark scheme is too close to the text's).
    Anchor: { defaultProps: { underline: 'always' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A badge (a status in a list) always shows its whole word: a table column never squeezes
    // it to 'PEN…', since its label would otherwise let it shrink to nothing.
    Badge: Badge.extend({
      styles: { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } },
      // A light badge's tinted text (yellow-9 on yellow-1, green-9 on green-1) is below 4.5:1
      // in the light scheme: near-black there; the dark scheme's pale text on a deep tint passes.
      vars: (t, props) => {
        if (props.variant !== 'light') return { root: {} };
        const { color } = t.variantColorResolver({
          color: props.color ?? t.primaryColor,
          theme: t,
          variant: 'light',
        });
        return { root: { '--badge-color': `light-dark(${t.colors.dark[8]}, ${color})` } };
      },
    }),
  },
});

/**
 * Text colours that hold 4.5:1 in each scheme, on the body and on the grey of cards, striped
 * rows and hovered rows: Mantine's defaults for dimmed text, links and errors fall below it
 * (a link in the light primary shade on a grey row; red-6 on white; red-8 on the dark body).
 * Components use these names (`c="dimmed"`, `c="error"`, an Anchor's own colour) rather
 * than a fixed shade, which is readable in one scheme only.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.indigo[8],
    '--mantine-color-error': t.colors.red[9],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-anchor': t.colors.indigo[3],
    '--mantine-color-error': t.colors.red[4],
  },
});
