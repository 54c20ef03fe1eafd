import type { ChatContact } from '@fitcoach/contracts';
import { Avatar, Badge, Indicator, Text } from '@mantine/core';
import { Link } from '@remix-run/react';
import { MESSAGES } from '~/utils/messages';
import classes from './chat.module.css';
import { avatarImage } from '~/utils/media';
import ui from '~/components/ui/ui.module.css';

interface ContactsSidebarProps {
  contacts: ChatContact[];
  selected: number | null;
  isTrainer: boolean;
  online: (id: number) => boolean;
  unread: (id: number) => number;
}

function preview(contact: ChatContact): string {
  const last = contact.last_message;
  if (!last) return '';
  if (last.deleted) return MESSAGES.messageDeleted;
  return last.type === 'image' ? 'Image' : (last.message ?? '');
}

/** docs/product.md §2.10: the hideable contacts sidebar, with the online dot, the unread count and the latest message. */
export function ContactsSidebar({ contacts, selected, isTrainer, online, unread }: ContactsSidebarProps) {
  return (
    <nav aria-label="Contacts">
      <details open className={classes.sidebar}>
        <summary>Contacts</summary>
        {contacts.length === 0 ? (
          <Text c="dimmed" p="sm">
            {isTrainer ? MESSAGES.noFollowers : MESSAGES.noContacts}
          </Text>
        ) : (
          <ul className={classes.contacts}>
            {contacts.map((contact) => {
              const isOnline = online(contact.id);
              const count = unread(contact.id);
              return (
                <li key={contact.id}>
                  <Link
                    to={`/chat?with=${contact.id}`}
                    className={classes.contact}
                    aria-current={contact.id === selected ? 'page' : undefined}
                  >
                    <Indicator
                      color={isOnline ? 'green' : 'gray'}
                      position="bottom-end"
                      size={10}
                      offset={4}
                      withBorder
                    >
                      <Avatar
                        src={contact.profile_picture}
                        imageProps={avatarImage(contact.profile_picture, 38)}
                        alt=""
                        name={contact.name}
                        color="orange"
                      />
                    </Indicator>
                    <span className={classes.contactText}>
                      <Text fw={600} size="sm" component="span" display="block" className={ui.truncate}>
                        {contact.name}
                      </Text>
                      <Text size="xs" c="dimmed" component="span" display="block">
                        {isOnline ? 'Online' : 'Offline'}
                        {contact.is_trainer ? ' · Trainer' : ''}
                      </Text>
                      <Text size="xs" component="span" display="block" className={classes.preview}>
                        {preview(contact)}
                      </Text>
                    </span>
                    {count > 0 ? (
                      <Badge color="red" size="sm" aria-label={`${count} unread`}>
                        {count}
                      </Badge>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </details>
    </nav>
  );
}
