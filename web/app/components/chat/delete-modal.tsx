import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES } from '~/utils/messages';

interface DeleteModalProps {
  opened: boolean;
  onClose(): void;
  onDelete(): void;
}

/** Asks before a message is deleted: a deletion cannot be undone, and the other person sees it too. */
export function DeleteModal({ opened, onClose, onDelete }: DeleteModalProps) {
  return (
    // The focus goes back to the message's options button, which onClose knows (chat/route.tsx).
    <Modal opened={opened} onClose={onClose} title="Delete this message?" returnFocus={false}>
      <Text mb="md">It will show as “{MESSAGES.messageDeleted}” to both of you. This cannot be undone.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onDelete}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
