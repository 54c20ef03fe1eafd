export const ACCOUNT_INTENTS = {
  changePassword: 'change-password',
  signOut: 'sign-out-device',
  signOutOthers: 'sign-out-other-devices',
} as const;

/** Where the devices' forms post (routes/userProfile.sessions.tsx). */
export const DEVICES_ACTION = '/userProfile/sessions';

export interface Device {
  id: string;
  name: string;
  lastUsedAt: string;
  lastUsed: string;
  current: boolean;
}
