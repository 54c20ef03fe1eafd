import { fullName } from '@fitcoach/contracts';
import {
  Avatar,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { FlashToast } from '~/components/toast';
import type { Toast } from '~/types/toast';
import type { CurrentUser } from '~/types/user';
import { useHydrated } from '~/utils/use-hydrated';
import { ProfileForm, type ProfileFormResult } from './profile-form';

export type ProfileActionResult = ProfileFormResult & { toast: Toast };

interface ProfileViewProps {
  user: CurrentUser;
  /** Whether the update form is open (`?edit=1`). */
  editing: boolean;
  result: ProfileActionResult | undefined;
  /** The page's own heading above the profile (the dashboard's); without it the user's name is the heading. */
  pageTitle?: string;
}

// SPEC §2 Profile: placeholders until followers and posts exist.
const COUNTERS = ['Followers', 'Posts', 'Following'];

function Stats({ user }: { user: CurrentUser }) {
  const { height, weight, body_fat, phone } = user.profile;
  const lines = [
    height === null ? null : `Height- ${height} CM`,
    weight === null ? null : `Weight- ${weight} KG`,
    body_fat === null ? null : `Body-Fat- ${body_fat} %`,
    // SPEC §2: the phone is shown with the +91 prefix.
    phone === null ? null : `Mobile- +91-${phone}`,
  ];
  return lines.map((line) => (line === null ? null : <Text key={line}>{line}</Text>));
}

/** The update form: a modal with JavaScript, the same form in the page without it. */
function ProfileEditor({ user, editing, result }: Omit<ProfileViewProps, 'pageTitle'>) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = <ProfileForm user={user} result={result} />;
  if (hydrated) {
    return (
      <Modal
        opened={editing}
        onClose={() => navigate(pathname, { preventScrollReset: true })}
        title="Update Profile"
        size="lg"
      >
        {form}
      </Modal>
    );
  }
  if (!editing) return null;
  return (
    <Paper withBorder p="xl" mt="xl">
      <Title order={2} size="h3" mb="md">
        Update Profile
      </Title>
      {form}
    </Paper>
  );
}

export function ProfileView({ user, editing, result, pageTitle }: ProfileViewProps) {
  const name = fullName(user.first_name, user.last_name);
  const age = user.profile.age;
  return (
    <Container size="md" py="xl">
      <FlashToast toast={result?.toast ?? null} />
      {pageTitle ? (
        <Title order={1} mb="xl">
          {pageTitle}
        </Title>
      ) : null}
      <Paper withBorder p="xl">
        <Stack gap="lg">
          <Group align="flex-start" gap="xl">
            <Avatar
              src={user.profile_picture}
              alt={`Profile picture of ${name}`}
              name={name}
              color="initials"
              size={120}
            />
            <Stack gap={4}>
              <Title order={pageTitle ? 2 : 1} size="h2">
                {age === null ? name : `${name}, ${age}`}
              </Title>
              <Text c="dimmed">{user.email}</Text>
              <Stats user={user} />
            </Stack>
          </Group>
          <Text fw={700} ta="center">
            !! Comming Soon !!
          </Text>
          <SimpleGrid cols={3}>
            {COUNTERS.map((label) => (
              <Stack key={label} gap={0} align="center">
                <Text fw={800} size="xl">
                  00
                </Text>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="center">
            <Button variant="default" disabled>
              Feeds
            </Button>
            <Button variant="default" disabled>
              My Posts
            </Button>
            <Button component={Link} to="?edit=1" preventScrollReset>
              update profile
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ProfileEditor user={user} editing={editing} result={result} />
    </Container>
  );
}
