import type { ChatContact, ChatMessage } from '@fitcoach/contracts';
import { Anchor, Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import classes from '~/components/chat/chat.module.css';
import { Composer } from '~/components/chat/composer';
import { ContactsSidebar } from '~/components/chat/contacts-sidebar';
import { DeleteModal } from '~/components/chat/delete-modal';
import { ForwardModal } from '~/components/chat/forward-modal';
import { MessageItem } from '~/components/chat/message-item';
import { useLiveChat } from '~/components/chat/use-live-chat';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useRealtime } from '~/components/realtime/realtime-provider';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { chatAction, type ChatPageData, loadChat } from './chat.server';
import { CHAT_READ_INTENT, chatPath } from './paths';
import { useHydrated } from '~/utils/use-hydrated';
import { privatePageMeta } from '~/utils/seo';
import ui from '~/components/ui/ui.module.css';

export const meta: MetaFunction = () =>
  privatePageMeta('Chat', 'Your conversations with your trainers and members.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadChat(args));

export const action = sessionAction((args: ActionFunctionArgs) => chatAction(args));

function copy(message: ChatMessage): void {
  if (!message.message) return;
  navigator.clipboard.writeText(message.message).then(
    () => notifications.show({ color: 'green', message: 'Copied' }),
    () => notifications.show({ color: 'red', message: 'Could not copy the message' }),
  );
}

function EarlierMessages({
  selected,
  first,
  onLoaded,
}: {
  selected: number;
  first: ChatMessage;
  onLoaded(data: ChatPageData): void;
}) {
  const fetcher = useFetcher<ChatPageData>();
  useEffect(() => {
    if (fetcher.data) onLoaded(fetcher.data);
    // Each answer is taken once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  const to = chatPath(selected, first.id);
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      ta="center"
      display="block"
      onClick={(event) => {
        event.preventDefault();
        fetcher.load(to);
      }}
    >
      {fetcher.state === 'loading' ? 'Loading…' : 'Load earlier messages'}
    </Anchor>
  );
}

type LiveChat = ReturnType<typeof useLiveChat>;

/**
 * Opening a conversation reads it, as a POST of the page: with JavaScript at once, without it by a button while
 * messages wait unread.
 */
function MarkRead({ contact }: { contact: ChatContact }) {
  const hydrated = useHydrated();
  const { submit } = useFetcher();
  useEffect(() => {
    if (contact.unread > 0) submit({ intent: CHAT_READ_INTENT, to: contact.id }, { method: 'post' });
  }, [contact.id, contact.unread, submit]);
  if (hydrated || contact.unread === 0) return null;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={CHAT_READ_INTENT} />
      <input type="hidden" name="to" value={contact.id} />
      <Button type="submit" variant="light" size="xs">
        Mark {contact.unread === 1 ? 'the new message' : `${contact.unread} new messages`} as read
      </Button>
    </Form>
  );
}

function Conversation({ data, contact, live }: { data: ChatPageData; contact: ChatContact; live: LiveChat }) {
  const realtime = useRealtime();
  const [hasEarlier, setHasEarlier] = useState(data.hasEarlier);
  // The message a dialog is open for (forward it, or confirm its deletion) and the button to focus again after.
  const [dialog, setDialog] = useState<{
    kind: 'forward' | 'delete';
    message: ChatMessage;
    opener: HTMLElement | null;
  } | null>(null);
  const endDialog = () => {
    dialog?.opener?.focus();
    setDialog(null);
  };
  // A message is forwarded to someone else: the open conversation's contact already has it.
  const destinations = live.contacts.filter((c) => c.id !== contact.id);
  const list = useRef<HTMLUListElement>(null);
  const lastId = live.messages.at(-1)?.id;
  const online = realtime.connected ? realtime.online.has(contact.id) : contact.online;

  useEffect(() => setHasEarlier(data.hasEarlier), [data.hasEarlier]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lastId]);

  return (
    <Paper
      withBorder
      p="md"
      className={classes.conversation}
      component="section"
      aria-label={`Chat with ${contact.name}`}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <div className={ui.name}>
          <Title order={2} size="h4">
            {contact.name}
          </Title>
          <Text size="xs" c="dimmed" aria-live="polite">
            {live.typing ? 'typing…' : online ? 'Online' : 'Offline'}
          </Text>
        </div>
        <MarkRead contact={contact} />
      </Group>
      {hasEarlier && live.messages[0] ? (
        <EarlierMessages
          selected={contact.id}
          first={live.messages[0]}
          onLoaded={(older) => {
            live.setMessages((current) => {
              const known = new Set(current.map((m) => m.id));
              return [...older.messages.filter((m) => !known.has(m.id)), ...current];
            });
            setHasEarlier(older.hasEarlier);
          }}
        />
      ) : null}
      <ul className={classes.messages} ref={list} aria-label="Messages">
        {live.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            own={message.sender === data.me.id}
            forwardable={destinations.length > 0}
            onForward={(message, opener) => setDialog({ kind: 'forward', message, opener })}
            onCopy={copy}
            onDelete={(message, opener) => setDialog({ kind: 'delete', message, opener })}
          />
        ))}
      </ul>
      <Composer to={contact.id} send={live.send} onTyping={live.notifyTyping} />
      <ForwardModal
        opened={dialog?.kind === 'forward'}
        contacts={destinations}
        onClose={endDialog}
        onSend={(to) => {
          if (dialog) void live.forward(dialog.message, to);
          endDialog();
        }}
      />
      <DeleteModal
        opened={dialog?.kind === 'delete'}
        onClose={endDialog}
        onDelete={() => {
          if (dialog) void live.remove(dialog.message);
          endDialog();
        }}
      />
    </Paper>
  );
}

/** docs/product.md §2.10: the contacts, the open conversation, live with JavaScript and a plain form without it. */
export default function ChatRoute() {
  const data = useLoaderData<typeof loader>();
  const realtime = useRealtime();
  const live = useLiveChat({
    me: data.me.id,
    selected: data.selected,
    contacts: data.contacts,
    messages: data.messages,
  });
  const contact = data.contacts.find((c) => c.id === data.selected) ?? null;
  const online = (id: number) =>
    realtime.connected ? realtime.online.has(id) : (data.contacts.find((c) => c.id === id)?.online ?? false);
  const unread = (id: number) =>
    id === data.selected
      ? 0
      : realtime.connected
        ? (realtime.unread.counts[String(id)] ?? 0)
        : (data.contacts.find((c) => c.id === id)?.unread ?? 0);
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md">
        Chat
      </Title>
      <div className={classes.shell}>
        <Paper withBorder p="xs">
          <ContactsSidebar
            contacts={live.contacts}
            selected={data.selected}
            isTrainer={data.me.isTrainer}
            online={online}
            unread={unread}
          />
        </Paper>
        {contact ? (
          <Conversation key={contact.id} data={data} contact={contact} live={live} />
        ) : (
          <Paper withBorder p="xl">
            <Text c="dimmed">{data.contacts.length > 0 ? 'Choose a contact to start chatting.' : ''}</Text>
          </Paper>
        )}
      </div>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
