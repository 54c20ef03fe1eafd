import type { NotificationSettingsResponse } from '@fitcoach/contracts';
import { Alert, Paper, Stack, Switch, Title } from '@mantine/core';
import { Form, useNavigation } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/form-actions';
import { NOTIFICATION_SWITCHES, NOTIFICATIONS_ACTION } from '~/utils/notification-settings';

/**
 * docs/product.md §2.9 "Notifications": the account's three switches, one form that works without a script.
 */
export function NotificationSettings({ settings }: { settings: NotificationSettingsResponse | null }) {
  const navigation = useNavigation();
  const sending = navigation.formAction === NOTIFICATIONS_ACTION;
  return (
    <Paper withBorder p="xl" mt="lg" component="section" aria-labelledby="notifications-title">
      <Title order={2} size="h3" mb="md" id="notifications-title">
        Notifications
      </Title>
      {settings === null ? (
        <Alert color="red">Your notification settings cannot be loaded right now.</Alert>
      ) : (
        <Form method="post" action={NOTIFICATIONS_ACTION}>
          <Stack>
            {NOTIFICATION_SWITCHES.map(({ name, label, description }) => (
              <Switch
                key={name}
                name={name}
                label={label}
                description={description}
                defaultChecked={settings[name]}
              />
            ))}
            <SubmitButton loading={sending} style={{ alignSelf: 'flex-start' }}>
              Save notification settings
            </SubmitButton>
          </Stack>
        </Form>
      )}
    </Paper>
  );
}
