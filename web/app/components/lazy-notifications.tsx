import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// Fetched the first time there is something to show: most visits show none, and the home page's JavaScript is
// counted (docs/performance.md). `notifications.show` waits in Mantine's store until the container is there.
const NotificationsContainer = lazy(() => import('./notifications-container'));

export function LazyNotifications({ autoClose }: { autoClose: number }) {
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length > 0;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (waiting) setWanted(true);
  }, [waiting]);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsContainer autoClose={autoClose} />
    </Suspense>
  ) : null;
}
