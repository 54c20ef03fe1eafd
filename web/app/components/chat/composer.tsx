import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX_LENGTH, UPLOAD_IMAGE_TYPES } from '@fitcoach/contracts';
import { Button, CloseButton, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { Form, useNavigation } from '@remix-run/react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';
import classes from './chat.module.css';

export type Outgoing = { text: string } | { image: string };

interface ComposerProps {
  to: number;
  /** Sends over the socket; null when it is not connected, and the form posts instead. Resolves to success. */
  send: ((message: Outgoing) => Promise<boolean>) | null;
  onTyping(): void;
}

const IMAGE_LIMIT = `${CHAT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;

/** The image picker's texts: the limit beside it, and why a file was refused before anything was sent. */
export const COMPOSER_TEXTS = {
  imageLimit: `Images up to ${IMAGE_LIMIT}`,
  imageTooLarge: `This image is larger than ${IMAGE_LIMIT}, the most a message may carry. Choose a smaller one.`,
  notAnImage: 'Only pictures can be sent: choose a JPEG, PNG, WebP, GIF or AVIF image.',
  keys: 'Enter sends, Shift+Enter starts a new line',
} as const;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Whether the browser can draw the data URL: a file named and typed as a picture may still not be one. */
function decodes(url: string): Promise<boolean> {
  const image = new Image();
  image.src = url;
  return image.decode().then(
    () => true,
    () => false,
  );
}

/** The image to send, or why it is refused: checked here, before a byte is sent, against the API's own limits. */
async function pick(file: File): Promise<{ image: string } | { refusal: string }> {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { refusal: COMPOSER_TEXTS.notAnImage };
  if (file.size > CHAT_IMAGE_MAX_BYTES) return { refusal: COMPOSER_TEXTS.imageTooLarge };
  const image = await readAsDataUrl(file).catch(() => null);
  return image && (await decodes(image)) ? { image } : { refusal: COMPOSER_TEXTS.notAnImage };
}

/**
 * The message box: a text, or with JavaScript an image with its preview; with JavaScript Enter sends and
 * Shift+Enter starts a new line. Without JavaScript (or while the socket is away) it is a plain form that posts the
 * text to the page's action.
 */
export function Composer({ to, send, onTyping }: ComposerProps) {
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resetFile = useRef<() => void>(null);
  // A text the form posted (the socket away) is gone from the box once the post is answered, as after a page load.
  const posting = useNavigation().formData?.get('text');
  const posted = useRef(false);
  useEffect(() => {
    if (typeof posting === 'string') posted.current = true;
    else if (posted.current) {
      posted.current = false;
      setText('');
    }
  }, [posting]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (!send) return;
    event.preventDefault();
    const outgoing: Outgoing | null = image ? { image } : text.trim() ? { text } : null;
    if (!outgoing || busy) return;
    setBusy(true);
    const sent = await send(outgoing);
    setBusy(false);
    if (!sent) return;
    setText('');
    setImage(null);
    resetFile.current?.();
  };

  // While an input method composes a word, Enter confirms the word, not the message.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (text.trim()) event.currentTarget.form?.requestSubmit();
  };

  const choose = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const picked = await pick(file);
    if ('refusal' in picked) {
      setImage(null);
      setRefusal(picked.refusal);
    } else {
      setRefusal(null);
      setImage(picked.image);
    }
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
          description={hydrated ? COMPOSER_TEXTS.keys : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          required={!image}
          disabled={image !== null}
          value={text}
          onKeyDown={hydrated ? onKeyDown : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping();
          }}
        />
        {refusal ? (
          <Text role="alert" size="sm" c="red">
            {refusal}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {hydrated && send ? (
            <>
              <Text size="xs" c="dimmed">
                {COMPOSER_TEXTS.imageLimit}
              </Text>
              <FileButton
                resetRef={resetFile}
                accept={UPLOAD_IMAGE_TYPES.join(',')}
                onChange={(file) => void choose(file)}
              >
                {(props) => (
                  <Button variant="default" {...props}>
                    Attach image
                  </Button>
                )}
              </FileButton>
            </>
          ) : null}
          <Button type="submit" loading={busy}>
            Send
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
