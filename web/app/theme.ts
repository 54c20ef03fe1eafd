import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's orange up to the brand's #fd7e14 (shade 6, for fills and large text), then darker shades where text sits
 * on it or it is the text: white on shade 7 and shade 7 on white both pass WCAG AA's 4.5:1 (docs/decisions/032).
 */
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
  // Mantine's transitions (menus, modals, toasts) are skipped under prefers-reduced-motion.
  respectReducedMotion: true,
  // Every toast's and dialog's close button says what it does to screen readers (WCAG 2.2 AA,
  // test/e2e/accessibility.spec.ts).
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
  headings: { fontWeight: '800' },
});
