import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_SECURITY_MESSAGES, deviceName, lastUsed } from './account-security.server';

describe(deviceName.name, () => {
  it('names the browser and the system of a User-Agent', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Windows');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });

  it('says so when there is nothing to name', () => {
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('')).toBe('Unknown device');
  });
});

describe(lastUsed.name, () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('reads as a time ago, in the largest whole unit', () => {
    expect(lastUsed(ago(5), now)).toBe('just now');
    expect(lastUsed(ago(-5), now)).toBe('just now');
    expect(lastUsed(ago(60), now)).toBe('1 minute ago');
    expect(lastUsed(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(lastUsed(ago(3 * 60 * 60 + 59), now)).toBe('3 hours ago');
    expect(lastUsed(ago(24 * 60 * 60), now)).toBe('yesterday');
    expect(lastUsed(ago(6 * 24 * 60 * 60), now)).toBe('6 days ago');
  });
});

describe('ACCOUNT_SECURITY_MESSAGES.signedOutOthers', () => {
  it('counts the devices in plain English', () => {
    expect(ACCOUNT_SECURITY_MESSAGES.signedOutOthers(0)).toBe('You were not signed in on any other device.');
    expect(ACCOUNT_SECURITY_MESSAGES.signedOutOthers(1)).toBe('Signed out of 1 other device.');
    expect(ACCOUNT_SECURITY_MESSAGES.signedOutOthers(3)).toBe('Signed out of 3 other devices.');
  });
});
