import type { ChatContact } from '@fitcoach/contracts';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '~/utils/messages';

interface ForwardModalProps {
  opened: boolean;
  contacts: ChatContact[];
  onClose(): void;
  onSend(to: number[]): void;
}

/** docs/product.md §2.10: 'Select Users to Forward Message', with a checkbox per contact and Send. */
export function ForwardModal({ opened, contacts, onClose, onSend }: ForwardModalProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const close = () => {
    setChosen([]);
    onClose();
  };
  return (
    // The focus goes back to the message's options button, which onClose knows (chat/route.tsx).
    <Modal opened={opened} onClose={close} title={MESSAGES.forwardTitle} returnFocus={false}>
      <Stack>
        <Checkbox.Group value={chosen} onChange={setChosen} label="Contacts">
          <Stack gap="xs" mt="xs">
            {contacts.map((contact) => (
              <Checkbox key={contact.id} value={String(contact.id)} label={contact.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              onSend(chosen.map(Number));
              setChosen([]);
            }}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
