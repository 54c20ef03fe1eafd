import { MantineProvider } from '@mantine/core';
import { Outlet } from '@remix-run/react';
import { theme } from '~/theme';

// A pathless layout that adds only Mantine's provider: the home page, not-found page and resource routes are outside
// it, so the home page's JavaScript carries none of Mantine (ADR 043).
export default function MantinePagesLayout() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
      <Outlet />
    </MantineProvider>
  );
}
