import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '~/theme';

/**
 * Mantine's notifications container with a provider of its own: it is drawn by the root, above the pages' layout
 * (routes/_app.tsx) that provides Mantine to the pages, so that a toast shows on the home page too. The theme's
 * variables are in the root's stylesheet; this provider writes none (docs/decisions/043).
 */
export default function NotificationsContainer({ autoClose }: { autoClose: number }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <Notifications autoClose={autoClose} />
    </MantineProvider>
  );
}
