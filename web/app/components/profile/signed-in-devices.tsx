import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Form } from '@remix-run/react';
import { ACCOUNT_INTENTS, DEVICES_ACTION, type Device } from '~/utils/account-security';

function SignOutButton({ device }: { device: Device }) {
  return (
    <Form method="post" action={DEVICES_ACTION}>
      <input type="hidden" name="intent" value={ACCOUNT_INTENTS.signOut} />
      <input type="hidden" name="session" value={device.id} />
      <Button type="submit" variant="default" size="xs">
        Sign out
      </Button>
    </Form>
  );
}

/** The profile's "Signed-in devices" (docs/product.md §2.9): the account's sessions, most recently used first. */
export function SignedInDevices({ devices }: { devices: Device[] | null }) {
  const others = devices?.filter((device) => !device.current) ?? [];
  return (
    <Paper withBorder p="xl" mt="lg" component="section" aria-labelledby="signed-in-devices-title">
      <Title order={2} size="h3" mb="md" id="signed-in-devices-title">
        Signed-in devices
      </Title>
      {devices === null ? (
        <Alert color="red">Your signed-in devices cannot be shown right now.</Alert>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {devices.map((device) => (
            <Group component="li" key={device.id} justify="space-between" wrap="nowrap" gap="md">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate="end">
                  {device.name}
                </Text>
                <Text size="sm" c="dimmed">
                  Last used <time dateTime={device.lastUsedAt}>{device.lastUsed}</time>
                </Text>
              </Stack>
              {device.current ? (
                <Badge color="green" variant="light">
                  This device
                </Badge>
              ) : (
                <SignOutButton device={device} />
              )}
            </Group>
          ))}
        </Stack>
      )}
      {others.length > 0 ? (
        <Form method="post" action={DEVICES_ACTION}>
          <input type="hidden" name="intent" value={ACCOUNT_INTENTS.signOutOthers} />
          <Button type="submit" color="red" variant="light" mt="md">
            Sign out of all other devices
          </Button>
        </Form>
      ) : null}
    </Paper>
  );
}
