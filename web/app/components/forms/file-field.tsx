import { Box, Input } from '@mantine/core';

interface FileFieldProps {
  /** The field's name, also its id (so the label names the input). */
  name: string;
  label: string;
  description?: string;
  error?: string;
}

/** An image file input with Mantine's label and error. Native: Mantine's FileInput needs JavaScript to submit. */
export function FileField({ name, label, description, error }: FileFieldProps) {
  return (
    <Input.Wrapper id={name} label={label} description={description} error={error}>
      <Box component="input" id={name} type="file" name={name} accept="image/*" display="block" mt={4} />
    </Input.Wrapper>
  );
}
