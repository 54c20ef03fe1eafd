import {
  AGE,
  BODY_FAT_PERCENT,
  HEIGHT_CM,
  htmlRange,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  PHONE_DIGITS,
  PHONE_PATTERN,
  WEIGHT_KG,
} from '@fitcoach/contracts';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { type ChangeEvent, type FocusEvent, useState } from 'react';
import { FileField } from '~/components/forms/file-field';
import type { FormRejection } from '~/types/form';
import type { CurrentUser } from '~/types/user';
import { INTENTS } from '~/utils/dashboard';
import { MESSAGES } from '~/utils/messages';
import type { ProfileField } from '~/utils/profile.server';
import { type FieldErrors, isValidAge, isValidName, isValidPhone } from '~/utils/validation';

export type ProfileFormResult = Pick<FormRejection, 'errors' | 'values'>;

function currentValue(user: CurrentUser, field: ProfileField): string {
  if (field === 'first_name' || field === 'last_name') return user[field];
  const value = user.profile[field];
  return value === null ? '' : String(value);
}

/**
 * The update form of SPEC §2 Profile. Its HTML constraints come from @fitcoach/contracts, so the browser refuses
 * what the API would; with JavaScript it adds SPEC §5's messages as the visitor types, and clears a bad age or phone
 * when the field is left, as the original did.
 */
export function ProfileForm({ user, result }: { user: CurrentUser; result: ProfileFormResult | undefined }) {
  const { pathname } = useLocation();
  const saving = useNavigation().state === 'submitting';
  const [hints, setHints] = useState<FieldErrors>({});
  const hint = (field: string, message: string | undefined) =>
    setHints((current) => ({ ...current, [field]: message }));
  const errorOf = (field: string) => hints[field] ?? result?.errors[field];
  const valueOf = (field: ProfileField) => result?.values[field] ?? currentValue(user, field);

  const checkName = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.currentTarget;
    hint(name, isValidName(value.trim()) ? undefined : MESSAGES.lettersOnly);
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
          {(['first_name', 'last_name'] as const).map((field) => (
            <TextInput
              key={field}
              label={field === 'first_name' ? 'First Name' : 'Last Name'}
              name={field}
              autoComplete={field === 'first_name' ? 'given-name' : 'family-name'}
              required
              pattern={NAME_PATTERN}
              maxLength={NAME_MAX_LENGTH}
              title={MESSAGES.lettersOnly}
              defaultValue={valueOf(field)}
              error={errorOf(field)}
              onChange={checkName}
            />
          ))}
        </SimpleGrid>
        <FileField name="profile_picture" label="Profile Picture" error={errorOf('profile_picture')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Weight"
            name="weight"
            type="number"
            step="any"
            {...htmlRange(WEIGHT_KG)}
            rightSection="KG"
            defaultValue={valueOf('weight')}
            error={errorOf('weight')}
          />
          <TextInput
            label="Height"
            name="height"
            type="number"
            step="any"
            {...htmlRange(HEIGHT_CM)}
            rightSection="CM"
            defaultValue={valueOf('height')}
            error={errorOf('height')}
          />
          <TextInput
            label="Age"
            name="age"
            type="number"
            step={1}
            {...htmlRange(AGE)}
            title={MESSAGES.age}
            defaultValue={valueOf('age')}
            error={errorOf('age')}
            onBlur={(event) => clearIfInvalid(event, isValidAge, MESSAGES.age)}
          />
          <TextInput
            label="Body Fat"
            name="body_fat"
            type="number"
            step="any"
            {...htmlRange(BODY_FAT_PERCENT)}
            rightSection="%"
            defaultValue={valueOf('body_fat')}
            error={errorOf('body_fat')}
          />
        </SimpleGrid>
        <TextInput
          label="Phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          pattern={PHONE_PATTERN}
          maxLength={PHONE_DIGITS}
          title={MESSAGES.phone}
          defaultValue={valueOf('phone')}
          error={errorOf('phone')}
          onBlur={(event) => clearIfInvalid(event, isValidPhone, MESSAGES.phone)}
        />
        <Group justify="flex-end">
          <Button component={Link} to={pathname} variant="default" preventScrollReset>
            Close
          </Button>
          <Button type="submit" loading={saving}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
