import {
  CHAT_SERVER_EVENTS,
  PENDING_NOTIFICATIONS,
  type NotificationEvent,
  type NotificationResponse,
  type PresenceEvent,
  type PresenceSnapshot,
  type UnreadCounts,
} from '@fitcoach/contracts';
import { notifications } from '@mantine/notifications';
import { useRevalidator } from '@remix-run/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Socket } from 'socket.io-client';
import { MESSAGES } from '~/utils/messages';

/** What the site's one socket tells every page: presence, unread counts, and the socket itself for the chat. */
export interface Realtime {
  socket: Socket | null;
  connected: boolean;
  online: ReadonlySet<number>;
  unread: UnreadCounts;
  /** The conversation on screen: its messages are read as they arrive and raise no notification. */
  setActiveConversation(userId: number | null): void;
}

const NO_UNREAD: UnreadCounts = { counts: {}, total: 0 };

const RealtimeContext = createContext<Realtime>({
  socket: null,
  connected: false,
  online: new Set(),
  unread: NO_UNREAD,
  setActiveConversation: () => undefined,
});

export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

function showNotification(notification: { sender: string; message: string }): void {
  notifications.show({ message: `${notification.sender}: ${notification.message}`, color: 'blue' });
}

/** Pending notifications on load (docs/product.md §9): up to three one by one, 500 ms apart; more as one summary. */
function showPending(pending: NotificationResponse[]): void {
  if (pending.length > PENDING_NOTIFICATIONS.showOneByOneUpTo) {
    notifications.show({ message: MESSAGES.receivedMessages(pending.length), color: 'blue' });
    return;
  }
  pending.forEach((notification, index) =>
    setTimeout(() => showNotification(notification), index * PENDING_NOTIFICATIONS.spacingMs),
  );
}

async function fetchPending(): Promise<NotificationResponse[]> {
  const response = await fetch('/notifications', { method: 'POST', headers: { Accept: 'application/json' } });
  if (!response.ok) return [];
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as NotificationResponse[]) : [];
}

/**
 * Opens the user's socket after the page has loaded, so pages do not wait for socket.io-client, and keeps it across
 * the visit. The session cookie authenticates it; an expired token is renewed by revalidating the page data.
 */
export function RealtimeProvider({ userId, children }: { userId: number | null; children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);
  const [connected, setConnected] = useState(false);
  const [online, setOnline] = useState<ReadonlySet<number>>(new Set());
  const [unread, setUnread] = useState<UnreadCounts>(NO_UNREAD);
  const active = useRef<number | null>(null);
  const revalidator = useRevalidator();
  const renewing = useRef(false);

  useEffect(() => {
    if (userId === null) return;
    let closed = false;
    let opened: Socket | null = null;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      opened = io({ path: '/socket.io', transports: ['websocket'] });
      const current = opened;
      current.on('connect', () => {
        setConnected(true);
        renewing.current = false;
      });
      // The server closed the socket, maybe because the session ended: revalidating sends a signed-out visitor to
      // /login. Only once per socket: a second revalidation would interrupt that redirect.
      let askedOnce = false;
      const sessionMayHaveEnded = () => {
        if (askedOnce) return;
        askedOnce = true;
        revalidator.revalidate();
      };
      current.on('disconnect', (reason) => {
        setConnected(false);
        if (reason === 'io server disconnect') sessionMayHaveEnded();
      });
      current.on(CHAT_SERVER_EVENTS.sessionEnded, sessionMayHaveEnded);
      current.on('connect_error', () => {
        setConnected(false);
        // Most likely an expired access token: revalidating renews the session cookie, then connect again.
        if (!renewing.current) {
          renewing.current = true;
          revalidator.revalidate();
        }
      });
      current.on(CHAT_SERVER_EVENTS.snapshot, (snapshot: PresenceSnapshot) =>
        setOnline(new Set(snapshot.online)),
      );
      current.on(CHAT_SERVER_EVENTS.presence, ({ userId: who, online: isOnline }: PresenceEvent) =>
        setOnline((previous) => {
          const next = new Set(previous);
          if (isOnline) next.add(who);
          else next.delete(who);
          return next;
        }),
      );
      current.on(CHAT_SERVER_EVENTS.unread, (counts: UnreadCounts) => setUnread(counts));
      current.on(CHAT_SERVER_EVENTS.notification, (notification: NotificationEvent) => {
        if (notification.category === 'message' && notification.sender_id === active.current) return;
        showNotification(notification);
      });
      setSocket(current);
      void fetchPending().then(showPending, () => undefined);
    });
    return () => {
      closed = true;
      opened?.close();
      setSocket(null);
      setConnected(false);
    };
    // The revalidator changes identity on every render; the socket lives as long as the signed-in user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    if (revalidator.state === 'idle' && renewing.current && socket && !socket.connected) socket.connect();
  }, [revalidator.state, socket]);

  const setActiveConversation = useCallback((id: number | null) => {
    active.current = id;
  }, []);

  const value = useMemo(
    () => ({ socket, connected, online, unread, setActiveConversation }),
    [socket, connected, online, unread, setActiveConversation],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
