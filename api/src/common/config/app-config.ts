import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  validateSync,
  type ValidationError,
} from 'class-validator';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** Matched from the first slash only, so a long run of slashes costs linear time. */
const TRAILING_SLASHES = /(?<!\/)\/+$/;

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of Express's range names. */
export function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** One line, since a line break in a mail subject would start a header of its own; no markup characters. */
const SITE_NAME_PATTERN = /^[^\p{Cc}<>"]{1,60}$/u;

export const DEFAULT_SITE_NAME = 'FitCoach';

/** Quoted when it holds more than letters, digits and spaces, as an address's display name must be. */
export function mailDisplayName(name: string): string {
  return /^[\p{L}\p{N} ]+$/u.test(name) ? name : `"${name.replaceAll('\\', '\\\\')}"`;
}

/** The environment variables FitCoach reads (docs/architecture.md §11), as they arrive: strings. */
class EnvironmentVariables {
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(NODE_ENVS)
  NODE_ENV?: NodeEnv;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^(mysql|mariadb):\/\/[^/\s]+\/[A-Za-z0-9_$-]+(\?.*)?$/, {
    message: 'DATABASE_URL must look like mysql://user:password@host:3306/database',
  })
  DATABASE_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must look like redis://host:6379' })
  REDIS_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined)
  @Transform(emptyToUndefined)
  @IsString({ message: 'JWT_SECRET is required in production (at least 32 characters)' })
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must look like smtp://user:password@host:587' })
  SMTP_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  MAIL_FROM?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsString()
  @Matches(SITE_NAME_PATTERN, {
    message: 'SITE_NAME must be 1 to 60 characters on one line, without < > " or control characters',
  })
  SITE_NAME?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAYPAL_CLIENT_ID?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAYPAL_CLIENT_SECRET?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PAYPAL_API_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAYPAL_WEBHOOK_ID?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PAYPAL_SDK_URL?: string;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'PAYPAL_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(1)
  @Max(120_000)
  PAYPAL_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : parseBoolean(value)))
  @IsBoolean({ message: 'SEED_DEMO must be true or false' })
  SEED_DEMO?: boolean;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(LOG_LEVELS)
  LOG_LEVEL?: LogLevel;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  API_INTERNAL_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  CORS_ORIGINS?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @ValidateBy({
    name: 'isTrustedProxyList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && splitList(value).every(isTrustedProxyEntry),
      defaultMessage: () =>
        'TRUSTED_PROXIES must be comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    },
  })
  TRUSTED_PROXIES?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  METRICS_TOKEN?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[A-Za-z0-9_-]{87}$/, {
    message:
      'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters; npx web-push generate-vapid-keys)',
  })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[A-Za-z0-9_-]{43}$/, {
    message:
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters; npx web-push generate-vapid-keys)',
  })
  VAPID_PRIVATE_KEY?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, {
    message: 'VAPID_SUBJECT must be a mailto: address or an https:// URL',
  })
  VAPID_SUBJECT?: string;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'PUBLIC_CACHE_MS must be a whole number of milliseconds (0 turns the cache off)' })
  @Min(0)
  @Max(60_000)
  PUBLIC_CACHE_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'RENDER_THREADS must be a whole number of threads (0: pages render on the main thread)' })
  @Min(0)
  @Max(16)
  RENDER_THREADS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'ADMIN_STATS_CACHE_MS must be a whole number of milliseconds (0 turns the cache off)' })
  @Min(0)
  @Max(600_000)
  ADMIN_STATS_CACHE_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'AUTH_CACHE_MS must be a whole number of milliseconds (0 turns the cache off)' })
  @Min(0)
  @Max(60_000)
  AUTH_CACHE_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'DATABASE_POOL_SIZE must be a whole number of connections, from 1' })
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'DATABASE_POOL_QUEUE_LIMIT must be a whole number of waiting requests (0: no limit)' })
  @Min(0)
  @Max(100_000)
  DATABASE_POOL_QUEUE_LIMIT?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'DATABASE_POOL_WAIT_MS must be a whole number of milliseconds, from 1' })
  @Min(1)
  @Max(600_000)
  DATABASE_POOL_WAIT_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'REQUEST_TIMEOUT_MS must be a whole number of milliseconds, from 1' })
  @Min(1)
  @Max(600_000)
  REQUEST_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'UPLOAD_TIMEOUT_MS must be a whole number of milliseconds, from 1' })
  @Min(1)
  @Max(600_000)
  UPLOAD_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsInt({ message: 'PAYMENT_TIMEOUT_MS must be a whole number of milliseconds, from 1' })
  @Min(1)
  @Max(600_000)
  PAYMENT_TIMEOUT_MS?: number;
}

function parseBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  return value;
}

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  siteName: string;
  paypal: PayPalConfig;
  /** Unset: seed the demo content into an empty embedded database (not in tests). */
  seedDemo?: boolean;
  logLevel: LogLevel;
  /** Where the site's pages call the API over HTTP; unset: this process, without a socket (ADR 050). */
  apiInternalUrl?: string;
  corsOrigins: string[];
  /** The proxies whose X-Forwarded-* headers are believed (ADR 009). */
  trustedProxies: string[];
  /** How long anonymous catalogue answers are reused (ADR 010); 0 turns that off. */
  publicCacheMs: number;
  /** How many threads render the site's pages beside the API's (ADR 065); 0: the main thread renders them. */
  renderThreads: number;
  /** How long the admin dashboard's figures are reused (ADR 025); 0 turns that off. */
  adminStatsCacheMs: number;
  /** How long a signed-in session's account is reused between requests (ADR 028); 0 turns that off. */
  authCacheMs: number;
  /** Unset: no `/metrics`. */
  metricsToken?: string;
  /** Web Push's VAPID key pair; unset: generated once into DATA_DIR (api/src/modules/push/vapid-keys.ts). */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** Who push services may contact about this site's messages: a mailto: address or an https:// URL. */
  vapidSubject: string;
  /** How many requests wait for a connection, and how long (ADR 035). */
  databasePool: DatabasePoolConfig;
  /** How long a request may take before it is answered 503 (ADR 035, ADR 037). */
  requestTimeouts: RequestTimeoutsConfig;
}

/** Milliseconds per kind of route (`RequestBound`). */
export interface RequestTimeoutsConfig {
  /** Kept under the web's 10 s wait for an API call. */
  api: number;
  upload: number;
  payment: number;
  health: number;
}

export interface DatabasePoolConfig {
  size: number;
  /** 0: no limit. */
  queueLimit: number;
  waitMs: number;
}

/**
 * PayPal when both credentials are set, otherwise the labelled test provider (no money moves), which production
 * refuses (docs/decisions/013-payments-design.md).
 */
export type PayPalConfig =
  | { provider: 'test'; apiUrl: string; sdkUrl: string; timeoutMs: number }
  | {
      provider: 'paypal';
      clientId: string;
      clientSecret: string;
      apiUrl: string;
      sdkUrl: string;
      webhookId?: string;
      timeoutMs: number;
    };

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Its message names every offending variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function describe(errors: ValidationError[]): string {
  return errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`).join('\n  ');
}

function paypalProblem(vars: EnvironmentVariables): string | null {
  const missing = [
    ...(vars.PAYPAL_CLIENT_ID === undefined ? ['PAYPAL_CLIENT_ID'] : []),
    ...(vars.PAYPAL_CLIENT_SECRET === undefined ? ['PAYPAL_CLIENT_SECRET'] : []),
  ];
  if (missing.length === 1) return `${missing[0]}: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together`;
  if (missing.length === 2 && vars.NODE_ENV === 'production') {
    return `${missing.join(', ')}: required in production (the test payment provider moves no money)`;
  }
  return null;
}

function paypalConfig(vars: EnvironmentVariables): PayPalConfig {
  const common = {
    apiUrl: (vars.PAYPAL_API_URL ?? 'https://api-m.sandbox.paypal.com').replace(TRAILING_SLASHES, ''),
    sdkUrl: vars.PAYPAL_SDK_URL ?? 'https://www.paypal.com/sdk/js',
    timeoutMs: vars.PAYPAL_TIMEOUT_MS ?? 15_000,
  };
  if (vars.PAYPAL_CLIENT_ID === undefined || vars.PAYPAL_CLIENT_SECRET === undefined) {
    return { provider: 'test', ...common };
  }
  return {
    provider: 'paypal',
    clientId: vars.PAYPAL_CLIENT_ID,
    clientSecret: vars.PAYPAL_CLIENT_SECRET,
    webhookId: vars.PAYPAL_WEBHOOK_ID,
    ...common,
  };
}

/** May be given as a file named by `<NAME>_FILE` (Docker secrets), keeping them out of the environment. */
export const FILE_VARIABLES = [
  'JWT_SECRET',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'REDIS_URL',
  'SMTP_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
] as const;

type Environment = Record<string, string | undefined>;
const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** Reads every `<NAME>_FILE` into `<NAME>` and puts DATABASE_PASSWORD into DATABASE_URL; problems name the variable. */
export function resolveFileVariables(
  env: Environment,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): { env: Environment; problems: string[] } {
  const resolved: Environment = { ...env };
  const problems: string[] = [];
  for (const name of FILE_VARIABLES) {
    const path = env[`${name}_FILE`];
    if (!isSet(path)) continue;
    if (isSet(env[name])) {
      problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      resolved[name] = readFile(String(path).trim()).replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      problems.push(
        `${name}_FILE: cannot read ${String(path).trim()} (${typeof code === 'string' ? code : String(error)})`,
      );
    }
  }
  const password = resolved.DATABASE_PASSWORD;
  if (isSet(password)) {
    const url = resolved.DATABASE_URL;
    const parsed = isSet(url) && URL.canParse(String(url)) ? new URL(String(url)) : undefined;
    if (!parsed) {
      problems.push('DATABASE_PASSWORD: needs DATABASE_URL (mysql://user@host:3306/database) to go into');
    } else if (parsed.username === '') {
      problems.push('DATABASE_PASSWORD: DATABASE_URL names no user (mysql://user@host:3306/database)');
    } else {
      // The URL's password setter percent-encodes it; the MySQL driver decodes it again.
      parsed.password = String(password);
      resolved.DATABASE_URL = parsed.href;
    }
  }
  return { env: resolved, problems };
}

export function loadConfig(env: Environment, cwd = process.cwd()): AppConfig {
  const files = resolveFileVariables(env);
  const vars = plainToInstance(EnvironmentVariables, { ...files.env });
  const errors = validateSync(vars, { skipMissingProperties: false });
  const problems = [...files.problems, ...(errors.length > 0 ? [describe(errors)] : [])];
  const paypal = paypalProblem(vars);
  if (paypal) problems.push(paypal);
  if ((vars.VAPID_PUBLIC_KEY === undefined) !== (vars.VAPID_PRIVATE_KEY === undefined)) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (neither: generated into DATA_DIR)',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const port = vars.PORT ?? 3000;
  const dataDir = vars.DATA_DIR ?? './data';
  const siteName = vars.SITE_NAME ?? DEFAULT_SITE_NAME;
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(TRAILING_SLASHES, '');
  return {
    nodeEnv: vars.NODE_ENV ?? 'development',
    port,
    publicUrl,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    jwtSecret: vars.JWT_SECRET,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `${mailDisplayName(siteName)} <no-reply@localhost>`,
    siteName,
    paypal: paypalConfig(vars),
    seedDemo: vars.SEED_DEMO,
    logLevel: vars.LOG_LEVEL ?? 'info',
    apiInternalUrl: vars.API_INTERNAL_URL?.replace(TRAILING_SLASHES, ''),
    corsOrigins: splitList(vars.CORS_ORIGINS ?? ''),
    trustedProxies: splitList(vars.TRUSTED_PROXIES ?? 'loopback'),
    publicCacheMs: vars.PUBLIC_CACHE_MS ?? 2000,
    renderThreads: vars.RENDER_THREADS ?? 1,
    adminStatsCacheMs: vars.ADMIN_STATS_CACHE_MS ?? 10_000,
    authCacheMs: vars.AUTH_CACHE_MS ?? 10_000,
    metricsToken: vars.METRICS_TOKEN,
    ...(vars.VAPID_PUBLIC_KEY !== undefined &&
      vars.VAPID_PRIVATE_KEY !== undefined && {
        vapidKeys: { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY },
      }),
    // Push services refuse an http:// subject; a site without https is named by a mailbox instead.
    vapidSubject:
      vars.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@localhost'),
    databasePool: {
      size: vars.DATABASE_POOL_SIZE ?? 10,
      queueLimit: vars.DATABASE_POOL_QUEUE_LIMIT ?? 1000,
      waitMs: vars.DATABASE_POOL_WAIT_MS ?? 5000,
    },
    requestTimeouts: {
      api: vars.REQUEST_TIMEOUT_MS ?? 8000,
      upload: vars.UPLOAD_TIMEOUT_MS ?? 60_000,
      payment: vars.PAYMENT_TIMEOUT_MS ?? 35_000,
      health: 5000,
    },
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
