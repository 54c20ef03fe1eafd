/** The forms of the profile's password and devices sections, told apart by their `intent` field. */
export const ACCOUNT_INTENTS = {
  changePassword: 'change-password',
  signOut: 'sign-out-device',
  signOutOthers: 'sign-out-other-devices',
} as const;

/** Where the devices' forms post (routes/userProfile.sessions.tsx). */
export const DEVICES_ACTION = '/userProfile/sessions';

/** A signed-in device as the profile lists it: one session of the account. */
export interface Device {
  id: string;
  /** "Chrome on Linux". */
  name: string;
  lastUsedAt: string;
  /** "5 minutes ago". */
  lastUsed: string;
  current: boolean;
}
