import type { ChatMessage } from '@fitcoach/contracts';
import { ActionIcon, Anchor, Group, Menu, Text } from '@mantine/core';
import { useRef } from 'react';
import { MESSAGES } from '~/utils/messages';
import { useHydrated } from '~/utils/use-hydrated';
import classes from './chat.module.css';
import { MessageTime } from './message-time';
import { IMAGE_SIZES, imageSources } from '~/utils/media';

interface MessageItemProps {
  message: ChatMessage;
  own: boolean;
  /** Whether there is anyone else to forward it to. */
  forwardable: boolean;
  /** `opener` is the message's options button, to which the focus returns when forwarding ends. */
  onForward(message: ChatMessage, opener: HTMLElement | null): void;
  onCopy(message: ChatMessage): void;
  onDelete(message: ChatMessage, opener: HTMLElement | null): void;
}

/** One message: text or image (with a download link), "message deleted" once deleted, and its menu. */
export function MessageItem({ message, own, forwardable, onForward, onCopy, onDelete }: MessageItemProps) {
  const hydrated = useHydrated();
  const options = useRef<HTMLButtonElement>(null);
  return (
    <li className={own ? `${classes.message} ${classes.own}` : classes.message} data-message-id={message.id}>
      {message.forwarded && !message.deleted ? (
        <Text size="xs" c="dimmed">
          Forwarded
        </Text>
      ) : null}
      {message.deleted ? (
        <Text className={classes.deleted}>{MESSAGES.messageDeleted}</Text>
      ) : message.type === 'image' && message.image ? (
        <>
          <img
            {...imageSources(message.image)}
            sizes={IMAGE_SIZES.chat}
            loading="lazy"
            decoding="async"
            alt={`Image from ${message.sender_name}`}
            className={classes.image}
          />
          <Anchor href={message.image} download size="xs">
            Download
          </Anchor>
        </>
      ) : (
        <Text className={classes.text}>{message.message}</Text>
      )}
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Text size="xs" c="dimmed">
          <MessageTime iso={message.timestamp} />
        </Text>
        {hydrated && !message.deleted && (forwardable || own || message.type === 'text') ? (
          // Each item gives the focus back itself: Forward's and Delete's dialogs take it first and give it back as
          // they close (the menu's own return would land after the dialog took it, outside the dialog).
          <Menu position="bottom-end" withinPortal returnFocus={false}>
            <Menu.Target>
              <ActionIcon
                ref={options}
                variant="subtle"
                size="sm"
                aria-label={`Message options (${message.id})`}
              >
                ⋮
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {forwardable ? (
                <Menu.Item onClick={() => onForward(message, options.current)}>Forward</Menu.Item>
              ) : null}
              {message.type === 'text' ? (
                <Menu.Item
                  onClick={() => {
                    onCopy(message);
                    options.current?.focus();
                  }}
                >
                  Copy
                </Menu.Item>
              ) : null}
              {own ? (
                <Menu.Item color="red" onClick={() => onDelete(message, options.current)}>
                  Delete
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </li>
  );
}
