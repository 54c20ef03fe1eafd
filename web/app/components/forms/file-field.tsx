import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { Box, Input } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { MESSAGES } from '~/utils/messages';

interface FileFieldProps {
  /** The field's name, also its id (so the label names the input). */
  name: string;
  label: string;
  description?: string;
  error?: string;
}

/** An image file input with Mantine's label and error. Native: Mantine's FileInput needs JavaScript to submit. */
export function FileField({ name, label, description, error }: FileFieldProps) {
  const [tooLarge, setTooLarge] = useState(false);
  // A picture over the upload limit is refused before the form is sent: the server would refuse the whole form.
  const checkSize = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const over = (input.files?.[0]?.size ?? 0) > UPLOAD_MAX_BYTES;
    input.setCustomValidity(over ? MESSAGES.pictureTooLarge : '');
    setTooLarge(over);
  };
  return (
    <Input.Wrapper
      id={name}
      label={label}
      description={description}
      error={tooLarge ? MESSAGES.pictureTooLarge : error}
    >
      <Box
        component="input"
        id={name}
        type="file"
        name={name}
        accept="image/*"
        display="block"
        mt={4}
        onChange={checkSize}
      />
    </Input.Wrapper>
  );
}
