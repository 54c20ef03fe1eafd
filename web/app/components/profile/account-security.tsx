import type { FormRejection } from '~/types/form';
import type { Device } from '~/utils/account-security';
import { ChangePasswordForm } from './change-password-form';
import { SignedInDevices } from './signed-in-devices';

export function AccountSecurity(props: {
  devices: Device[] | null;
  result: Partial<FormRejection> | undefined;
}) {
  return (
    <>
      <ChangePasswordForm result={props.result} />
      <SignedInDevices devices={props.devices} />
    </>
  );
}
