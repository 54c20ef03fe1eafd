import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

describe('SITE_NAME', () => {
  it('defaults to FitCoach, which also signs the default sender', () => {
    const config = loadConfig({});
    expect(config.siteName).toBe('FitCoach');
    expect(config.mailFrom).toBe('FitCoach <no-reply@localhost>');
  });

  it('names the site and the default sender, quoted when it holds more than letters and spaces', () => {
    expect(loadConfig({ SITE_NAME: '  Northside Gym ' })).toMatchObject({
      siteName: 'Northside Gym',
      mailFrom: 'Northside Gym <no-reply@localhost>',
    });
    expect(loadConfig({ SITE_NAME: 'Fit, Inc.' }).mailFrom).toBe('"Fit, Inc." <no-reply@localhost>');
    expect(loadConfig({ SITE_NAME: 'Gym', MAIL_FROM: 'Desk <desk@gym.example>' }).mailFrom).toBe(
      'Desk <desk@gym.example>',
    );
  });

  it('is the default when set empty', () => {
    expect(loadConfig({ SITE_NAME: '  ' }).siteName).toBe('FitCoach');
  });

  it.each(['Gym\r\nBcc: x@example.com', '<b>Gym</b>', 'Say "Gym"', 'x'.repeat(61)])(
    'stops start-up on %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ SITE_NAME: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SITE_NAME: value })).toThrow(/SITE_NAME must be 1 to 60 characters/);
    },
  );
});
