import { MantineProvider } from '@mantine/core';
import { Outlet } from '@remix-run/react';
import { theme } from '~/theme';

/*
 * The pages built with Mantine's components, each a `_app.` route: this layout adds nothing to their URLs, only
 * Mantine's provider. The home page, the not-found page and the resource routes are outside it, so the home page's
 * JavaScript carries none of Mantine (docs/decisions/043). The theme's variables come from the root's stylesheet.
 */
export default function MantinePagesLayout() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
      <Outlet />
    </MantineProvider>
  );
}
