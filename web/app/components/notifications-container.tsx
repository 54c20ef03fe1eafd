import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '~/theme';

// Its own provider: the root draws it above the pages' layout (routes/_app.tsx) that provides Mantine, so a toast
// shows on the home page too. The theme's variables are in the root's stylesheet (ADR 043).
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
