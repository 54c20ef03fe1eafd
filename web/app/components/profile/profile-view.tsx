import {
  fullName,
  type MeasurementResponse,
  type NotificationSettingsResponse,
  type TrainerResponse,
  type UserResponse,
} from '@fitcoach/contracts';
import { Alert, Container, Modal, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { FlashToast } from '~/components/toast';
import type { Toast } from '~/types/toast';
import type { Device } from '~/utils/account-security';
import { useHydrated } from '~/utils/use-hydrated';
import { AccountSecurity } from './account-security';
import { NotificationSettings } from './notification-settings';
import { PushDevice } from './push-device';
import { ProfileForm, type ProfileFormResult } from './profile-form';
import { BodyOverTime } from './body-over-time';
import { YourData } from './your-data';
import { PlainAvatar } from '~/components/ui/avatar';
import ui from '~/components/ui/ui.module.css';
import classes from './profile-view.module.css';

export type ProfileActionResult = ProfileFormResult & { toast: Toast };

interface ProfilePanelProps {
  user: UserResponse;
  editing: boolean;
  result: ProfileFormResult | undefined;
  trainer: TrainerResponse | null;
  /** The trainer record could not be loaded (docs/product.md §8). */
  trainerUnavailable: boolean;
  /** 1 when the user's name is the page's heading, 2 under a page heading of its own (the dashboard's). */
  headingOrder: 1 | 2;
}

function Stats({ user }: { user: UserResponse }) {
  const { height, weight, body_fat, phone } = user.profile;
  const lines = [
    height === null ? null : `Height- ${height} CM`,
    weight === null ? null : `Weight- ${weight} KG`,
    body_fat === null ? null : `Body-Fat- ${body_fat} %`,
    // docs/product.md §2: the phone is shown with the +91 prefix.
    phone === null ? null : `Mobile- +91-${phone}`,
  ];
  return (
    <>
      {lines.map((line) =>
        line === null ? null : (
          <p key={line} className={ui.text}>
            {line}
          </p>
        ),
      )}
    </>
  );
}

function ProfileEditor({ user, editing, result }: Pick<ProfilePanelProps, 'user' | 'editing' | 'result'>) {
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

function TrainerDetails({ trainer }: { trainer: TrainerResponse }) {
  const lines = [
    `Trainer ID : ${trainer.id}`,
    `Specialized in ${trainer.specalized}`,
    `Experience:${trainer.experience_years}Years`,
    trainer.rating === null
      ? 'Rating: no reviews yet'
      : `Rating: ${trainer.rating.toFixed(1)} of 5 from ${trainer.review_count} ${trainer.review_count === 1 ? 'review' : 'reviews'}`,
    `country: ${trainer.country}`,
    `phone: ${trainer.phone ?? '-'}`,
  ];
  return (
    <Paper withBorder p="xl" mt="lg">
      <Title order={3} mb="sm">
        Trainer
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

export function ProfilePanel(props: ProfilePanelProps) {
  const { user, editing, result, trainer, trainerUnavailable, headingOrder } = props;
  const name = fullName(user.first_name, user.last_name);
  const age = user.profile.age;
  const Heading = headingOrder === 1 ? 'h1' : 'h2';
  return (
    <>
      <div className={`${ui.paper} ${classes.card}`}>
        <div className={classes.person}>
          <PlainAvatar src={user.profile_picture} name={name} alt={`Profile picture of ${name}`} size={120} />
          <div className={`${classes.details} ${ui.name}`}>
            <Heading className={`${ui.title} ${ui.h2}`}>{age === null ? name : `${name}, ${age}`}</Heading>
            <p className={`${ui.text} ${classes.email}`}>{user.email}</p>
            <Stats user={user} />
          </div>
        </div>
        <div className={classes.actions}>
          <Link to="?edit=1" preventScrollReset className={`${ui.button} ${ui.filled}`}>
            update profile
          </Link>
        </div>
      </div>
      {trainer ? <TrainerDetails trainer={trainer} /> : null}
      {trainerUnavailable ? (
        <Alert color="red" mt="lg">
          Error: Trainer data cannot be retrieved
        </Alert>
      ) : null}
      <ProfileEditor user={user} editing={editing} result={result} />
    </>
  );
}

export function ProfileView(
  props: Omit<ProfilePanelProps, 'headingOrder' | 'result'> & {
    result: ProfileActionResult | undefined;
    devices: Device[] | null;
    notifications: NotificationSettingsResponse | null;
    measurements: MeasurementResponse[] | null;
  },
) {
  return (
    <Container size="md" py="xl">
      <FlashToast toast={props.result?.toast ?? null} />
      <ProfilePanel {...props} headingOrder={1} />
      <BodyOverTime measurements={props.measurements} />
      <NotificationSettings settings={props.notifications} />
      <PushDevice />
      <AccountSecurity devices={props.devices} result={props.result} />
      <YourData />
    </Container>
  );
}
