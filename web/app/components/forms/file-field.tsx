import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { Box, FileInput, Input } from '@mantine/core';
import { useRef, useState } from 'react';
import { MESSAGES } from '~/utils/messages';
import { useHydrated } from '~/utils/use-hydrated';

interface FileFieldProps {
  /** The field's name, also its id (so the label names the input). */
  name: string;
  label: string;
  description?: string;
  error?: string;
}

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',');
const FORMATS = `JPEG, PNG, WebP, GIF or AVIF, at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;
const NOT_AN_IMAGE = 'Choose a JPEG, PNG, WebP, GIF or AVIF picture';

/** Why a chosen file would be refused by the API (docs/decisions/006-media-uploads.md), or null. */
function refusalOf(file: File | null): string | null {
  if (!file) return null;
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  return file.size > UPLOAD_MAX_BYTES ? MESSAGES.pictureTooLarge : null;
}

/**
 * The native input in the server's HTML (Mantine's FileInput needs a script), FileInput once the page runs. A refused
 * file is taken out of the field: the server would refuse the whole form.
 */
export function FileField({ name, label, description, error }: FileFieldProps) {
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Empties the native input: a refused file never becomes the value, so FileInput would not clear it itself.
  const reset = useRef<() => void>(null);
  const hint = description ? `${description} ${FORMATS}` : FORMATS;
  if (!hydrated) {
    return (
      <Input.Wrapper id={name} label={label} description={hint} error={error}>
        <Box component="input" id={name} type="file" name={name} accept={ACCEPT} display="block" mt={4} />
      </Input.Wrapper>
    );
  }
  return (
    <FileInput
      id={name}
      name={name}
      label={label}
      description={hint}
      error={refusal ?? error}
      accept={ACCEPT}
      placeholder="Choose a picture"
      // Mantine's placeholder grey is too faint for its text (docs/decisions/032-accessible-colours.md).
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      clearable
      clearButtonProps={{ 'aria-label': `Remove the chosen ${label.toLowerCase()}` }}
      value={file}
      resetRef={reset}
      onChange={(chosen) => {
        const refused = refusalOf(chosen);
        setRefusal(refused);
        setFile(refused ? null : chosen);
        if (refused) reset.current?.();
      }}
    />
  );
}
