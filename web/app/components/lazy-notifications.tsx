import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Mantine's notifications container and what it brings (its provider, portal, transitions, close buttons), fetched
 * the first time there is something to show: most visits show no notification, and the home page's JavaScript is
 * counted (docs/performance.md). `notifications.show` keeps what it is given in Mantine's store until the container
 * is there to show it.
 */
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
