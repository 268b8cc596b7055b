import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'streethunt-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses APP_ENV=production without JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const secret = 'a-production-secret-a-production-secret';
    expect(loadConfig({ DATA_DIR: dataDir, APP_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('generates a JWT secret file in DATA_DIR when unset, and reuses it on the next start', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    // An explicit secret wins and leaves the file alone.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(dataDir),
      publicUrl: 'http://localhost:3000',
      mail: { transport: 'outbox', from: expect.any(String) },
      paymentProvider: 'sandbox',
      appEnv: 'development',
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('seeds demo data only into the embedded database unless SEED_DEMO says so', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/streethunt';
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'off' }).seedDemo).toBe(false);
    // An empty variable counts as unset.
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '' }).seedDemo).toBe(true);
  });

  it('reads PORT, PUBLIC_URL (without a trailing slash) and MAIL_TRANSPORT', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '8080', PUBLIC_URL: 'https://www.streethunt.co.il/', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://www.streethunt.co.il');
    expect(config.mail).toMatchObject({ transport: 'smtp', smtpUrl: 'smtp://mail:25' });
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('refuses bad values with a ConfigError naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'pigeon' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
  });
});
