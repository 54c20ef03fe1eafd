import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { SpiedFunction } from 'jest-mock';
import { Logger } from '@nestjs/common';
import { loadConfig, type NodeEnv } from '../../common/config/app-config.js';
import { createMailTransport } from './mail.transport.js';

const LINK = 'https://fitcoach.example/verify/0123456789abcdef0123456789abcdef';
const MAIL = { to: 'ann@example.com', subject: 'Verify', text: LINK, html: `<a href="${LINK}">verify</a>` };

describe('the outbox transport', () => {
  let dataDir: string;
  let log: SpiedFunction<Logger['log']>;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-outbox-'));
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    log.mockRestore();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function send(nodeEnv: NodeEnv): Promise<string> {
    const config = loadConfig({
      NODE_ENV: nodeEnv,
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(32),
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    await createMailTransport(config).send(MAIL, LINK);
    const [file] = readdirSync(join(dataDir, 'outbox'));
    return join(dataDir, 'outbox', file);
  }

  it.each<NodeEnv>(['development', 'test'])('logs the link with NODE_ENV=%s', async (nodeEnv) => {
    const file = await send(nodeEnv);
    expect(log.mock.calls).toEqual([[`Mail to ${MAIL.to} written to ${file}; link: ${LINK}`]]);
  });

  it('logs where the mail was written but never its link in production', async () => {
    const file = await send('production');
    expect(log.mock.calls).toEqual([[`Mail to ${MAIL.to} written to ${file}`]]);
    expect(JSON.stringify(log.mock.calls)).not.toContain('/verify/');
  });
});
