import { createTheme } from '@mantine/core';

// Mantine's default font stack is the system one, so no web font is fetched at run time.
export const theme = createTheme({
  primaryColor: 'orange',
  defaultRadius: 'md',
  headings: { fontWeight: '800' },
});
