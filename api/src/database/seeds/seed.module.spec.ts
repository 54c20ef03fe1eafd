import { describe, expect, it } from '@jest/globals';
import { startupSeeding } from './seed.module.js';

describe(startupSeeding.name, () => {
  const embedded = { nodeEnv: 'development', databaseUrl: undefined } as const;
  const mysql = { nodeEnv: 'development', databaseUrl: 'mysql://fit@db:3306/fitcoach' } as const;

  it('seeds an empty embedded database in development when SEED_DEMO is unset', () => {
    expect(startupSeeding({ ...embedded, seedDemo: undefined })).toBe('when-empty');
  });

  it('never seeds published passwords into production unless SEED_DEMO=true says so', () => {
    expect(startupSeeding({ ...embedded, nodeEnv: 'production', seedDemo: undefined })).toBe('never');
    expect(startupSeeding({ ...mysql, nodeEnv: 'production', seedDemo: undefined })).toBe('never');
    expect(startupSeeding({ ...embedded, nodeEnv: 'production', seedDemo: false })).toBe('never');
  });

  it('leaves MySQL deployments and test runs alone when SEED_DEMO is unset', () => {
    expect(startupSeeding({ ...mysql, seedDemo: undefined })).toBe('never');
    expect(startupSeeding({ ...embedded, nodeEnv: 'test', seedDemo: undefined })).toBe('never');
  });

  it('never seeds with SEED_DEMO=false', () => {
    expect(startupSeeding({ ...embedded, seedDemo: false })).toBe('never');
  });

  it('always seeds (what is missing) with SEED_DEMO=true, on any database, in tests and in production', () => {
    expect(startupSeeding({ ...embedded, seedDemo: true })).toBe('always');
    expect(startupSeeding({ ...mysql, seedDemo: true })).toBe('always');
    expect(startupSeeding({ ...embedded, nodeEnv: 'test', seedDemo: true })).toBe('always');
    expect(startupSeeding({ ...embedded, nodeEnv: 'production', seedDemo: true })).toBe('always');
  });
});
