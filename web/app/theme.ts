import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Darker shades past the brand's #fd7e14 (shade 6): white on 7 and 7 on white pass WCAG AA (ADR 032). */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#c2410c',
  '#a63a0b',
  '#9a3412',
];

// Mantine's default font stack is the system one, so no web font is fetched at run time.
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 7,
  colors: { orange },
  defaultRadius: 'md',
  respectReducedMotion: true,
  // Close buttons say what they do to screen readers (WCAG 2.2 AA, test/e2e/accessibility.spec.ts).
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
  headings: { fontWeight: '800' },
});
