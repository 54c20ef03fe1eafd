import {
  COUNTRIES,
  EXPERIENCE_YEARS,
  PHONE_REGEX,
  SELECT_NONE,
  TEXT_MAX_LENGTH,
  TRAINER_SPECIALISATIONS,
} from '@fitcoach/contracts';
import { NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { PhoneField } from '~/components/forms/account-fields';
import { FileField } from '~/components/forms/file-field';
import { FormActions } from '~/components/forms/form-actions';
import { formFields } from '~/components/forms/form-fields';
import { NumberField } from '~/components/forms/number-field';
import type { FormRejection } from '~/types/form';
import { MESSAGES } from '~/utils/messages';
import { EXPERIENCE_MESSAGE } from '~/utils/validation';

// "--none--" (docs/product.md §5) has an empty value, so the browser's `required` refuses it too.
const noneOption = { value: '', label: SELECT_NONE };

interface TrainerRegistrationFormProps {
  result: FormRejection | undefined;
  back: string;
}

/** docs/product.md §2 "Trainer Registration Form"; with JavaScript the phone is checked as it is typed. */
export function TrainerRegistrationForm({ result, back }: TrainerRegistrationFormProps) {
  const [phoneHint, setPhoneHint] = useState<string | undefined>();
  const { field, error } = formFields(result, { specalized: '', country: '' }, { phone: phoneHint });

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
            <NumberField
              label="Experience"
              {...field('experience_years')}
              range={EXPERIENCE_YEARS}
              placeholder="In years"
              required
              title={EXPERIENCE_MESSAGE}
            />
            <FileField name="profile_picture" label="Profile Picture" error={error('profile_picture')} />
            <TextInput
              label="Certifications"
              {...field('certifications')}
              placeholder="Certifications if any"
              maxLength={TEXT_MAX_LENGTH.certifications}
            />
            <PhoneField
              {...field('phone')}
              placeholder="Enter 10 digit Phone Number"
              required
              title={MESSAGES.trainerPhone}
              onChange={(event) => {
                const phone = event.currentTarget.value.trim();
                setPhoneHint(phone === '' || PHONE_REGEX.test(phone) ? undefined : MESSAGES.trainerPhone);
              }}
            />
            <NativeSelect
              label="Specialisation"
              {...field('specalized')}
              required
              data={[noneOption, ...TRAINER_SPECIALISATIONS]}
            />
            <NativeSelect label="Country" {...field('country')} required data={[noneOption, ...COUNTRIES]} />
          </SimpleGrid>
          <Textarea
            label="About"
            {...field('about')}
            placeholder="Say Something about yourself"
            autosize
            minRows={3}
            maxLength={TEXT_MAX_LENGTH.about}
          />
          <FormActions cancelLabel="Cancel" cancelTo={back} submitLabel="Save" />
        </Stack>
      </Form>
    </Paper>
  );
}
