import { PASSWORD } from '@fitcoach/contracts';
import { Paper, Stack, TextInput, Title } from '@mantine/core';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { SubmitButton } from '~/components/forms/form-actions';
import type { FormRejection } from '~/types/form';
import { ACCOUNT_INTENTS } from '~/utils/account-security';

/** docs/product.md §2.9; a refusal comes back as the profile action's answer, with no password typed again. */
export function ChangePasswordForm({ result }: { result: Partial<FormRejection> | undefined }) {
  const errors = (result?.intent === ACCOUNT_INTENTS.changePassword && result.errors) || {};
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sending = navigation.formData?.get('intent') === ACCOUNT_INTENTS.changePassword;
  const sent = useRef(false);
  // With JavaScript the page stays, inputs included: the passwords typed go once the answer is in, as without it.
  useEffect(() => {
    if (sending) sent.current = true;
    else if (sent.current && navigation.state === 'idle') {
      sent.current = false;
      form.current?.reset();
    }
  }, [sending, navigation.state]);

  const password = (name: string, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      maxLength={PASSWORD.maxLength}
      error={errors[name]}
    />
  );
  return (
    <Paper withBorder p="xl" mt="lg" component="section" aria-labelledby="change-password-title">
      <Title order={2} size="h3" mb="md" id="change-password-title">
        Change your password
      </Title>
      <Form method="post" ref={form}>
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.changePassword} />
        <Stack>
          {password('old_password', 'Current password', 'current-password')}
          {password('new_password', 'New password', 'new-password')}
          {password('new_password2', 'Repeat the new password', 'new-password')}
          <SubmitButton loading={sending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </SubmitButton>
        </Stack>
      </Form>
    </Paper>
  );
}
