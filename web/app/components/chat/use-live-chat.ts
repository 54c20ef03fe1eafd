import {
  CHAT_CLIENT_EVENTS,
  CHAT_SERVER_EVENTS,
  type ChatAck,
  type ChatContact,
  type ChatForwardAck,
  type ChatMessage,
  type ChatSendAck,
  type TypingEvent,
} from '@fitcoach/contracts';
import { notifications } from '@mantine/notifications';
import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime } from '~/components/realtime/realtime-provider';
import type { Outgoing } from './composer';
import { involves, mergeLoaded, remember, upsert } from './conversation';

/** How long "typing…" shows after the last notice, and how often the site sends one while keys are pressed. */
const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2500;

const ACK_TIMEOUT_MS = 10_000;

function failed(error: string): void {
  notifications.show({ color: 'red', message: error });
}

/**
 * The chat page's live state over the site's socket: messages of the open conversation and the contacts' latest
 * messages follow `message:new` / `message:deleted`; the conversation on screen is read as messages arrive; after a
 * reconnection the page's data is loaded again, so nothing sent meanwhile is missed.
 */
export function useLiveChat(initial: {
  me: number;
  selected: number | null;
  contacts: ChatContact[];
  messages: ChatMessage[];
}) {
  const { socket, connected, setActiveConversation } = useRealtime();
  const revalidator = useRevalidator();
  const [messages, setMessages] = useState(initial.messages);
  const [contacts, setContacts] = useState(initial.contacts);
  const [typing, setTyping] = useState(false);
  const lastTypingSent = useRef(0);
  const everConnected = useRef(false);
  // Every message the page received over the socket or as a send's answer, whichever conversation was open: a load
  // in flight may have read the database before one of them was written.
  const received = useRef<ChatMessage[]>([]);
  const { me, selected } = initial;

  // New page data (another conversation, or a reload after reconnecting) replaces what the page holds, keeping
  // messages of the new conversation that arrived after the data was read.
  useEffect(() => {
    setMessages(mergeLoaded(initial.messages, received.current, me, selected));
  }, [initial.messages, me, selected]);
  useEffect(() => setContacts(initial.contacts), [initial.contacts]);

  useEffect(() => {
    setActiveConversation(selected);
    return () => setActiveConversation(null);
  }, [selected, setActiveConversation]);

  // Connected again after a drop: load the page's data again, for what was sent meanwhile.
  useEffect(() => {
    if (!connected) return;
    if (everConnected.current) revalidator.revalidate();
    everConnected.current = true;
    // Only a change of connection matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected]);

  useEffect(() => {
    if (!socket) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (message: ChatMessage) => {
      received.current = remember(received.current, message);
      const other = message.sender === me ? message.recipient : message.sender;
      setContacts((list) => {
        const contact = list.find((c) => c.id === other);
        if (!contact) return list;
        return [{ ...contact, last_message: message }, ...list.filter((c) => c.id !== other)];
      });
      if (selected === null || !involves(message, me, selected)) return;
      setMessages((list) => upsert(list, message));
      if (message.sender === selected) {
        setTyping(false);
        socket.emit(CHAT_CLIENT_EVENTS.read, { with: selected }, () => undefined);
      }
    };
    const onDeleted = (message: ChatMessage) => {
      if (received.current.some((m) => m.id === message.id)) {
        received.current = remember(received.current, message);
      }
      setMessages((list) => (list.some((m) => m.id === message.id) ? upsert(list, message) : list));
      setContacts((list) =>
        list.map((c) => (c.last_message?.id === message.id ? { ...c, last_message: message } : c)),
      );
    };
    const onTyping = ({ userId }: TypingEvent) => {
      if (userId !== selected) return;
      setTyping(true);
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    };
    socket.on(CHAT_SERVER_EVENTS.newMessage, onMessage);
    socket.on(CHAT_SERVER_EVENTS.deleted, onDeleted);
    socket.on(CHAT_SERVER_EVENTS.typing, onTyping);
    return () => {
      clearTimeout(typingTimer);
      socket.off(CHAT_SERVER_EVENTS.newMessage, onMessage);
      socket.off(CHAT_SERVER_EVENTS.deleted, onDeleted);
      socket.off(CHAT_SERVER_EVENTS.typing, onTyping);
    };
  }, [socket, me, selected]);

  const send = useCallback(
    async (outgoing: Outgoing): Promise<boolean> => {
      if (!socket || selected === null) return false;
      try {
        const ack = (await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck(CHAT_CLIENT_EVENTS.send, { to: selected, ...outgoing })) as ChatSendAck;
        if (!ack.ok) {
          failed(ack.error);
          return false;
        }
        received.current = remember(received.current, ack.message);
        setMessages((list) => upsert(list, ack.message));
        return true;
      } catch {
        failed('The message could not be sent. Please try again.');
        return false;
      }
    },
    [socket, selected],
  );

  const notifyTyping = useCallback(() => {
    if (!socket || selected === null) return;
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    socket.emit(CHAT_CLIENT_EVENTS.typing, { with: selected }, () => undefined);
  }, [socket, selected]);

  const forward = useCallback(
    async (message: ChatMessage, to: number[]) => {
      if (!socket) return;
      const ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(CHAT_CLIENT_EVENTS.forward, { messageId: message.id, to })
        .catch(() => ({ ok: false, error: 'The message could not be forwarded.' }))) as ChatForwardAck;
      if (!ack.ok) {
        failed(ack.error);
        return;
      }
      for (const refused of ack.refused) failed(refused.error);
      if (ack.messages.length > 0) {
        const count = ack.messages.length;
        notifications.show({
          color: 'green',
          message: `Forwarded to ${count} ${count === 1 ? 'contact' : 'contacts'}`,
        });
      }
    },
    [socket],
  );

  const remove = useCallback(
    async (message: ChatMessage) => {
      if (!socket) return;
      const ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(CHAT_CLIENT_EVENTS.delete, { messageId: message.id })
        .catch(() => ({ ok: false, error: 'The message could not be deleted.' }))) as ChatAck;
      if (!ack.ok) failed(ack.error);
    },
    [socket],
  );

  return {
    messages,
    setMessages,
    contacts,
    typing,
    send: socket && connected ? send : null,
    notifyTyping,
    forward,
    remove,
  };
}
