import { describe, expect, it } from '@jest/globals';
import { startupSeeding } from './seed.module.js';

describe(startupSeeding.name, () => {
  const embedded = { nodeEnv: 'production', databaseUrl: undefined } as const;
  const mysql = { nodeEnv: 'production', databaseUrl: 'mysql://fit@db:3306/fitcoach' } as const;

  it('seeds an empty embedded database when SEED_DEMO is unset', () => {
    expect(startupSeeding({ ...embedded, seedDemo: undefined })).toBe('when-empty');
    expect(startupSeeding({ ...embedded, nodeEnv: 'development', seedDemo: undefined })).toBe('when-empty');
  });

  it('leaves MySQL deployments and test runs alone when SEED_DEMO is unset', () => {
    expect(startupSeeding({ ...mysql, seedDemo: undefined })).toBe('never');
    expect(startupSeeding({ ...embedded, nodeEnv: 'test', seedDemo: undefined })).toBe('never');
  });

  it('never seeds with SEED_DEMO=false', () => {
    expect(startupSeeding({ ...embedded, seedDemo: false })).toBe('never');
  });

  it('always seeds (what is missing) with SEED_DEMO=true, on any database and in tests', () => {
    expect(startupSeeding({ ...embedded, seedDemo: true })).toBe('always');
    expect(startupSeeding({ ...mysql, seedDemo: true })).toBe('always');
    expect(startupSeeding({ ...embedded, nodeEnv: 'test', seedDemo: true })).toBe('always');
  });
});
