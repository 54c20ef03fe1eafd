import { AGE, BODY_FAT_PERCENT, HEIGHT_CM, WEIGHT_KG, type UserResponse } from '@fitcoach/contracts';
import { SimpleGrid, Stack } from '@mantine/core';
import { Form, useLocation } from '@remix-run/react';
import { type ChangeEvent, type FocusEvent, useState } from 'react';
import { NameField, PhoneField } from '~/components/forms/account-fields';
import { FileField } from '~/components/forms/file-field';
import { FormActions } from '~/components/forms/form-actions';
import { formFields } from '~/components/forms/form-fields';
import { NumberField } from '~/components/forms/number-field';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { MESSAGES } from '~/utils/messages';
import type { ProfileField } from '~/utils/profile.server';
import { type FieldErrors, isValidAge, isValidName, isValidPhone } from '~/utils/validation';

export type ProfileFormResult = Pick<FormRejection, 'errors' | 'values'>;

function currentValues({ first_name, last_name, profile }: UserResponse): Record<ProfileField, string> {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    first_name,
    last_name,
    weight: text(profile.weight),
    height: text(profile.height),
    age: text(profile.age),
    body_fat: text(profile.body_fat),
    phone: text(profile.phone),
  };
}

/** docs/product.md §2.9 Profile; HTML constraints from the contracts, §5's messages as the visitor types. */
export function ProfileForm({ user, result }: { user: UserResponse; result: ProfileFormResult | undefined }) {
  const { pathname } = useLocation();
  const [hints, setHints] = useState<FieldErrors>({});
  const hint = (name: string, message: string | undefined) =>
    setHints((current) => ({ ...current, [name]: message }));
  const { field, error } = formFields(result, currentValues(user), hints);

  const checkName = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.currentTarget;
    hint(name, isValidName(value.trim()) ? undefined : MESSAGES.name);
  };
  const clearIfInvalid = (
    event: FocusEvent<HTMLInputElement>,
    valid: (value: string) => boolean,
    message: string,
  ) => {
    const input = event.currentTarget;
    if (valid(input.value.trim())) {
      hint(input.name, undefined);
    } else {
      input.value = '';
      hint(input.name, message);
    }
  };

  return (
    // Without an action the form posts to this URL, ?edit=1 included, so a refusal renders the form again.
    <Form method="post" encType="multipart/form-data">
      {/* The dashboard's page has other forms too; the profile page ignores the field. */}
      <input type="hidden" name="intent" value={INTENTS.updateProfile} />
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['first_name', 'last_name'] as const).map((name) => (
            <NameField key={name} {...field(name)} onChange={checkName} />
          ))}
        </SimpleGrid>
        <FileField name="profile_picture" label="Profile Picture" error={error('profile_picture')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField label="Weight" {...field('weight')} range={WEIGHT_KG} step="any" rightSection="KG" />
          <NumberField label="Height" {...field('height')} range={HEIGHT_CM} step="any" rightSection="CM" />
          <NumberField
            label="Age"
            {...field('age')}
            range={AGE}
            title={MESSAGES.age}
            onBlur={(event) => clearIfInvalid(event, isValidAge, MESSAGES.age)}
          />
          <NumberField
            label="Body Fat"
            {...field('body_fat')}
            range={BODY_FAT_PERCENT}
            step="any"
            rightSection="%"
          />
        </SimpleGrid>
        <PhoneField
          {...field('phone')}
          title={MESSAGES.phone}
          onBlur={(event) => clearIfInvalid(event, isValidPhone, MESSAGES.phone)}
        />
        <FormActions cancelLabel="Close" cancelTo={pathname} preventScrollReset submitLabel="Save Changes" />
      </Stack>
    </Form>
  );
}
