import { htmlRange } from '@fitcoach/contracts';
import { TextInput, type TextInputProps } from '@mantine/core';

interface NumberFieldProps extends TextInputProps {
  /** The field's limits from @fitcoach/contracts, so that the browser refuses what the API would. */
  range: Parameters<typeof htmlRange>[0];
}

export function NumberField({ range, ...props }: NumberFieldProps) {
  return <TextInput type="number" step={1} {...htmlRange(range)} {...props} />;
}
