import { CHAT_TEXT_MAX_LENGTH } from '@fitcoach/contracts';
import { Button, CloseButton, FileButton, Group, Stack, Textarea } from '@mantine/core';
import { Form } from '@remix-run/react';
import { type FormEvent, useRef, useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';
import classes from './chat.module.css';

export type Outgoing = { text: string } | { image: string };

interface ComposerProps {
  to: number;
  /** Sends over the socket; null when it is not connected, and the form posts instead. Resolves to success. */
  send: ((message: Outgoing) => Promise<boolean>) | null;
  onTyping(): void;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The message box: a text, or with JavaScript an image with its preview. Without JavaScript (or while the socket
 * is away) it is a plain form that posts the text to the page's action.
 */
export function Composer({ to, send, onTyping }: ComposerProps) {
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resetFile = useRef<() => void>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (!send) return;
    event.preventDefault();
    const outgoing: Outgoing | null = image ? { image } : text.trim() ? { text } : null;
    if (!outgoing) return;
    setBusy(true);
    const sent = await send(outgoing);
    setBusy(false);
    if (!sent) return;
    setText('');
    setImage(null);
    resetFile.current?.();
  };

  return (
    <Form method="post" onSubmit={submit}>
      <input type="hidden" name="to" value={to} />
      {image ? (
        <Group gap="xs" mb="xs">
          <img src={image} alt="Image to send" className={classes.attachment} />
          <CloseButton aria-label="Remove the image" onClick={() => setImage(null)} />
        </Group>
      ) : null}
      <Stack gap="xs">
        <Textarea
          name="text"
          aria-label="Message"
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          required={!image}
          disabled={image !== null}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping();
          }}
        />
        <Group justify="flex-end" gap="xs">
          {hydrated && send ? (
            <FileButton
              resetRef={resetFile}
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              onChange={(file) => {
                if (file) void readAsDataUrl(file).then(setImage);
              }}
            >
              {(props) => (
                <Button variant="default" {...props}>
                  Attach image
                </Button>
              )}
            </FileButton>
          ) : null}
          <Button type="submit" loading={busy}>
            Send
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
