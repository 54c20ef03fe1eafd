import {
  COUNTRIES,
  EXPERIENCE_YEARS,
  htmlRange,
  PHONE_DIGITS,
  PHONE_PATTERN,
  PHONE_REGEX,
  SELECT_NONE,
  TEXT_MAX_LENGTH,
  TRAINER_SPECIALISATIONS,
} from '@fitcoach/contracts';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { FileField } from '~/components/forms/file-field';
import type { FormRejection } from '~/types/form';
import { MESSAGES } from '~/utils/messages';
import { EXPERIENCE_MESSAGE } from '~/utils/validation';

// Both selects start on "--none--" (SPEC §5). Its value is empty, so the browser's `required` refuses it too.
const noneOption = { value: '', label: SELECT_NONE };

interface TrainerRegistrationFormProps {
  result: FormRejection | undefined;
  /** Where "Cancel" goes: the page the visitor came from. */
  back: string;
}

/** SPEC §2 "Trainer Registration Form"; with JavaScript the phone is checked as it is typed. */
export function TrainerRegistrationForm({ result, back }: TrainerRegistrationFormProps) {
  const saving = useNavigation().state === 'submitting';
  const [phoneHint, setPhoneHint] = useState<string | undefined>();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};

  return (
    <Paper withBorder p="xl">
      <Title order={1}>Trainer Registration Form</Title>
      <Text c="dimmed" mb="lg">
        Fill the form to register as a trainer.
      </Text>
      <Form method="post" encType="multipart/form-data">
        <Stack>
          <Title order={2} size="h3">
            Personal Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Experience"
              name="experience_years"
              type="number"
              step={1}
              placeholder="In years"
              required
              {...htmlRange(EXPERIENCE_YEARS)}
              title={EXPERIENCE_MESSAGE}
              defaultValue={values.experience_years}
              error={errors.experience_years}
            />
            <FileField name="profile_picture" label="Profile Picture" error={errors.profile_picture} />
            <TextInput
              label="Certifications"
              name="certifications"
              placeholder="Certifications if any"
              maxLength={TEXT_MAX_LENGTH.certifications}
              defaultValue={values.certifications}
              error={errors.certifications}
            />
            <TextInput
              label="Phone"
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="Enter 10 digit Phone Number"
              required
              pattern={PHONE_PATTERN}
              maxLength={PHONE_DIGITS}
              title={MESSAGES.trainerPhone}
              defaultValue={values.phone}
              error={phoneHint ?? errors.phone}
              onChange={(event) => {
                const phone = event.currentTarget.value.trim();
                setPhoneHint(phone === '' || PHONE_REGEX.test(phone) ? undefined : MESSAGES.trainerPhone);
              }}
            />
            <NativeSelect
              label="Specalized In"
              name="specalized"
              required
              data={[noneOption, ...TRAINER_SPECIALISATIONS]}
              defaultValue={values.specalized ?? ''}
              error={errors.specalized}
            />
            <NativeSelect
              label="Country"
              name="country"
              required
              data={[noneOption, ...COUNTRIES]}
              defaultValue={values.country ?? ''}
              error={errors.country}
            />
          </SimpleGrid>
          <Textarea
            label="About"
            name="about"
            placeholder="Say Something about yourself"
            autosize
            minRows={3}
            maxLength={TEXT_MAX_LENGTH.about}
            defaultValue={values.about}
            error={errors.about}
          />
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
