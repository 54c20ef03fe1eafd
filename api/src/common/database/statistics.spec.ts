import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { openDataSource } from './data-source-options.js';
import { analyzeTables, keepOptimized } from './statistics.js';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-statistics-unit-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const open = () =>
  openDataSource(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), { runMigrations: true });

function analyzed(): string[] {
  const db = new Database(join(dataDir, 'fitcoach.sqlite'));
  try {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get();
    if (!exists) return [];
    const rows = db.prepare('SELECT DISTINCT tbl FROM sqlite_stat1').all() as { tbl: string }[];
    return rows.map((row) => row.tbl);
  } finally {
    db.close();
  }
}

/** As a seed or a restored backup brings rows nobody analyzed. */
function fillAccounts(): void {
  const db = new Database(join(dataDir, 'fitcoach.sqlite'));
  try {
    const insert = db.prepare(
      "INSERT INTO user (first_name, last_name, email, password_hash) VALUES ('A', 'B', ?, 'x')",
    );
    db.transaction(() => {
      for (let i = 0; i < 200; i += 1) insert.run(`user-${i}@example.test`);
    })();
    db.exec('DROP TABLE IF EXISTS sqlite_stat1');
  } finally {
    db.close();
  }
}

describe('SQLite statistics', () => {
  it('analyzes, when the connection opens, the tables that were never analyzed', async () => {
    await (await open()).destroy();
    fillAccounts();
    expect(analyzed()).not.toContain('user');
    const dataSource = await open();
    try {
      expect(analyzed()).toContain('user');
    } finally {
      await dataSource.destroy();
    }
  });

  it('analyzes the tables a seed names, whole', async () => {
    const dataSource = await open();
    try {
      fillAccounts();
      await analyzeTables(dataSource, ['user']);
      const [stat] = (await dataSource.query(
        "SELECT stat FROM sqlite_stat1 WHERE idx = 'uq_user_email'",
      )) as { stat: string }[];
      expect(stat.stat).toBe('200 1');
    } finally {
      await dataSource.destroy();
    }
  });
});

describe(keepOptimized.name, () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs PRAGMA optimize every interval and once more at close, then no more', async () => {
    jest.useFakeTimers();
    const query = jest.fn(() => Promise.resolve([]));
    const destroy = jest.fn(() => Promise.resolve());
    const dataSource = { query, destroy, isInitialized: true } as unknown as DataSource;
    keepOptimized(dataSource, 1_000);
    expect(query).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(query.mock.calls).toEqual([['PRAGMA optimize'], ['PRAGMA optimize']]);
    await dataSource.destroy();
    expect(query).toHaveBeenCalledTimes(3);
    expect(destroy).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(query).toHaveBeenCalledTimes(3);
  });

  it('closes the connection even when the last optimize fails, with a warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const query = jest.fn(() => Promise.reject(new Error('disk I/O error')));
    const destroy = jest.fn(() => Promise.resolve());
    const dataSource = { query, destroy, isInitialized: true } as unknown as DataSource;
    keepOptimized(dataSource);
    try {
      await dataSource.destroy();
      expect(destroy).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith('PRAGMA optimize failed: disk I/O error');
    } finally {
      warn.mockRestore();
    }
  });
});
