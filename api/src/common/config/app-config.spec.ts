import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, redactUrl, resolveFileVariables } from './app-config.js';

describe(loadConfig.name, () => {
  it('runs on the embedded default with no variables at all', () => {
    const sut = loadConfig({}, '/srv/fitcoach');
    expect(sut).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/fitcoach/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      seedDemo: undefined,
      apiInternalUrl: undefined,
      corsOrigins: [],
      trustedProxies: ['loopback'],
      publicCacheMs: 2000,
      renderThreads: 1,
      adminStatsCacheMs: 10_000,
      authCacheMs: 10_000,
    });
  });

  it('reads every variable it is given', () => {
    const sut = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://fit.example.com/',
      DATA_DIR: '/var/lib/fitcoach',
      DATABASE_URL: 'mysql://fit:pw@db:3306/fitcoach',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 'x'.repeat(32),
      PAYPAL_CLIENT_ID: 'live-client',
      PAYPAL_CLIENT_SECRET: 'live-secret',
      PAYPAL_API_URL: 'https://api-m.paypal.com/',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_SDK_URL: 'https://www.paypal.com/sdk/js',
      PAYPAL_TIMEOUT_MS: '5000',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUSTED_PROXIES: 'loopback, 172.28.0.10, 10.0.0.0/8,fd00::/8, ::1',
      PUBLIC_CACHE_MS: '0',
      RENDER_THREADS: '0',
      API_INTERNAL_URL: 'http://api.internal:3000/',
      ADMIN_STATS_CACHE_MS: '0',
      AUTH_CACHE_MS: '0',
    });
    expect(sut).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      publicUrl: 'https://fit.example.com',
      dataDir: '/var/lib/fitcoach',
      databaseUrl: 'mysql://fit:pw@db:3306/fitcoach',
      redisUrl: 'redis://cache:6379',
      seedDemo: true,
      logLevel: 'warn',
      apiInternalUrl: 'http://api.internal:3000',
      corsOrigins: ['https://a.example', 'https://b.example'],
      trustedProxies: ['loopback', '172.28.0.10', '10.0.0.0/8', 'fd00::/8', '::1'],
      publicCacheMs: 0,
      renderThreads: 0,
      adminStatsCacheMs: 0,
      authCacheMs: 0,
      paypal: {
        provider: 'paypal',
        clientId: 'live-client',
        clientSecret: 'live-secret',
        apiUrl: 'https://api-m.paypal.com',
        webhookId: 'WH-1',
        sdkUrl: 'https://www.paypal.com/sdk/js',
        timeoutMs: 5000,
      },
    });
  });

  it('uses the test payment provider without PayPal credentials, outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).paypal).toEqual({
      provider: 'test',
      apiUrl: 'https://api-m.sandbox.paypal.com',
      sdkUrl: 'https://www.paypal.com/sdk/js',
      timeoutMs: 15_000,
    });
  });

  it('refuses to start in production without PayPal credentials, naming the missing variables', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required in production/,
    );
  });

  it.each([
    ['PAYPAL_CLIENT_SECRET', { PAYPAL_CLIENT_ID: 'id' }],
    ['PAYPAL_CLIENT_ID', { PAYPAL_CLIENT_SECRET: 'secret' }],
  ])('refuses half a PayPal credential pair: %s missing', (missing, env) => {
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`${missing}: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together`),
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', PORT: '', NODE_ENV: '' })).toMatchObject({
      nodeEnv: 'development',
      databaseUrl: undefined,
      redisUrl: undefined,
      port: 3000,
    });
  });

  it.each([
    ['DATABASE_URL', 'postgres://db/fitcoach'],
    ['DATABASE_URL', 'mysql://db'],
    ['REDIS_URL', 'localhost:6379'],
    ['PORT', '70000'],
    ['PORT', 'abc'],
    ['PUBLIC_URL', 'fit.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['SEED_DEMO', 'maybe'],
    ['SMTP_URL', 'mail.example.com'],
    ['PUBLIC_CACHE_MS', '-1'],
    ['PUBLIC_CACHE_MS', 'soon'],
    ['PUBLIC_CACHE_MS', '60001'],
    ['RENDER_THREADS', '-1'],
    ['RENDER_THREADS', 'two'],
    ['RENDER_THREADS', '17'],
    ['ADMIN_STATS_CACHE_MS', '-1'],
    ['AUTH_CACHE_MS', '60001'],
    ['ADMIN_STATS_CACHE_MS', '600001'],
    ['TRUSTED_PROXIES', 'everyone'],
    ['TRUSTED_PROXIES', 'loopback, 10.0.0.300'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', 'fd00::/129'],
    ['TRUSTED_PROXIES', '10.0.0.0/8/8'],
    ['TRUSTED_PROXIES', 'true'],
    ['PAYPAL_API_URL', 'api-m.paypal.com'],
    ['PAYPAL_TIMEOUT_MS', 'soon'],
    ['PAYPAL_TIMEOUT_MS', '0'],
  ])('stops with a message naming %s when it is %p', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('requires a long JWT_SECRET in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET must be at least/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it('takes a VAPID key pair whole, and names push services a mailbox unless the site is on https', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig(keys)).toMatchObject({
      vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      vapidSubject: 'mailto:no-reply@localhost',
    });
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY must be/);
    expect(loadConfig({ PUBLIC_URL: 'https://fit.example.com' }).vapidSubject).toBe(
      'https://fit.example.com',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:coach@fit.example.com' }).vapidSubject).toBe(
      'mailto:coach@fit.example.com',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://fit.example.com' })).toThrow(/VAPID_SUBJECT must be/);
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: '0', REDIS_URL: 'nope' })).toThrow(/PORT[\s\S]*REDIS_URL/);
  });
});

describe(resolveFileVariables.name, () => {
  const files: Record<string, string> = {
    '/run/secrets/jwt': `${'j'.repeat(40)}\n`,
    '/run/secrets/db': 'p@ss/w:rd\n',
  };
  const read = (path: string) => {
    if (!(path in files)) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
    return files[path];
  };

  it('reads <NAME>_FILE into <NAME>, without the trailing newline, and leaves the rest alone', () => {
    const sut = resolveFileVariables({ JWT_SECRET_FILE: '/run/secrets/jwt', PORT: '80' }, read);
    expect(sut).toEqual({
      env: { JWT_SECRET_FILE: '/run/secrets/jwt', JWT_SECRET: 'j'.repeat(40), PORT: '80' },
      problems: [],
    });
  });

  it('puts DATABASE_PASSWORD into DATABASE_URL, percent-encoded', () => {
    const sut = resolveFileVariables(
      { DATABASE_URL: 'mysql://fit@db:3306/fitcoach', DATABASE_PASSWORD_FILE: '/run/secrets/db' },
      read,
    );
    expect(sut.problems).toEqual([]);
    expect(sut.env.DATABASE_URL).toBe('mysql://fit:p%40ss%2Fw%3Ard@db:3306/fitcoach');
    expect(
      resolveFileVariables({ DATABASE_URL: 'mysql://fit:old@db/f', DATABASE_PASSWORD: 'new' }).env,
    ).toMatchObject({ DATABASE_URL: 'mysql://fit:new@db/f' });
  });

  it('names what cannot be used', () => {
    expect(
      resolveFileVariables({ JWT_SECRET: 'x', JWT_SECRET_FILE: '/run/secrets/jwt' }, read).problems,
    ).toEqual(['JWT_SECRET_FILE: set JWT_SECRET or JWT_SECRET_FILE, not both']);
    expect(resolveFileVariables({ REDIS_URL_FILE: '/missing' }, read).problems).toEqual([
      'REDIS_URL_FILE: cannot read /missing (ENOENT)',
    ]);
    expect(resolveFileVariables({ DATABASE_PASSWORD: 'pw' }).problems).toEqual([
      'DATABASE_PASSWORD: needs DATABASE_URL (mysql://user@host:3306/database) to go into',
    ]);
    expect(resolveFileVariables({ DATABASE_PASSWORD: 'pw', DATABASE_URL: 'mysql://db/f' }).problems).toEqual([
      'DATABASE_PASSWORD: DATABASE_URL names no user (mysql://user@host:3306/database)',
    ]);
  });

  it('is what loadConfig reads: a production secret from a file, and a file that cannot be read stops start-up', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fitcoach-config-'));
    try {
      writeFileSync(join(dir, 'jwt'), `${'s'.repeat(32)}\n`);
      const sut = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET_FILE: join(dir, 'jwt'),
        DATABASE_URL: 'mysql://fit@db:3306/fitcoach',
        DATABASE_PASSWORD: 'pw',
      });
      expect(sut.jwtSecret).toBe('s'.repeat(32));
      expect(sut.databaseUrl).toBe('mysql://fit:pw@db:3306/fitcoach');
      expect(() => loadConfig({ JWT_SECRET_FILE: join(dir, 'none') })).toThrow(
        /JWT_SECRET_FILE: cannot read/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(redactUrl.name, () => {
  it('masks the password of a connection string', () => {
    expect(redactUrl('mysql://fit:s3cr3t@db:3306/fitcoach')).toBe('mysql://fit:***@db:3306/fitcoach');
    expect(redactUrl('mysql://root@db/fitcoach')).toBe('mysql://root@db/fitcoach');
  });
});
