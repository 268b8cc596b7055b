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
      vatPercent: 18,
      refundRetrySeconds: 60,
      mediaQuotaBytes: 1024 * 1024 * 1024,
      appEnv: 'development',
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redis).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.webDist).toBeUndefined();
  });

  it('serves another build of the web app when WEB_DIST names one', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WEB_DIST: 'copy/dist' }).webDist).toBe(path.resolve('copy/dist'));
    expect(loadConfig({ DATA_DIR: dataDir, WEB_DIST: '' }).webDist).toBeUndefined();
  });

  it('keeps media in an S3 bucket when S3_BUCKET is set, with its region, endpoint, keys and public address', () => {
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'streethunt-media' }).s3).toEqual({ bucket: 'streethunt-media', region: 'us-east-1', forcePathStyle: false });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: 'media.example',
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.com/media/',
      }).s3,
    ).toEqual({
      bucket: 'media.example',
      region: 'eu-central-1',
      endpoint: 'https://minio.internal:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/media',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_BUCKET must be set/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b-1', S3_PUBLIC_URL: 'no url' })).toThrow(/S3_PUBLIC_URL/);
  });

  it('reads REDIS_URL with REDIS_OPTIONAL (off) and REDIS_PREFIX (streethunt:), and refuses a malformed one', () => {
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({ url: 'redis://127.0.0.1:6379', optional: false, prefix: 'streethunt:' });
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'rediss://cache:6380/2', REDIS_OPTIONAL: 'true', REDIS_PREFIX: 'staging:' }).redis).toEqual({
      url: 'rediss://cache:6380/2',
      optional: true,
      prefix: 'staging:',
    });
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: '' }).redis).toBeUndefined();
    for (const bad of ['127.0.0.1:6379', 'http://127.0.0.1:6379', 'redis//host']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: bad })).toThrow(/REDIS_URL: must/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://h', REDIS_OPTIONAL: 'maybe' })).toThrow(/REDIS_OPTIONAL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://h', REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
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

  it('PAYMENT_PROVIDER=stripe requires STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; STRIPE_API_URL is optional', () => {
    const base = { DATA_DIR: dataDir, PAYMENT_PROVIDER: 'stripe' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow('STRIPE_SECRET_KEY must be set when PAYMENT_PROVIDER=stripe');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET must be set when PAYMENT_PROVIDER=stripe');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const config = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(config).toMatchObject({ paymentProvider: 'stripe', stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: undefined } });
    expect(config.grow).toBeUndefined();
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'k', STRIPE_WEBHOOK_SECRET: 'w', STRIPE_API_URL: 'http://localhost:12111' }).stripe?.apiUrl).toBe('http://localhost:12111');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'k', STRIPE_WEBHOOK_SECRET: 'w', STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });

  it('PAYMENT_PROVIDER=grow requires GROW_USER_ID and GROW_PAGE_CODE; GROW_API_URL defaults to Grow’s production API', () => {
    const base = { DATA_DIR: dataDir, PAYMENT_PROVIDER: 'grow' };
    expect(() => loadConfig(base)).toThrow('GROW_USER_ID must be set when PAYMENT_PROVIDER=grow');
    expect(() => loadConfig({ ...base, GROW_USER_ID: 'u1' })).toThrow('GROW_PAGE_CODE must be set when PAYMENT_PROVIDER=grow');
    const config = loadConfig({ ...base, GROW_USER_ID: 'u1', GROW_PAGE_CODE: 'pc1' });
    expect(config).toMatchObject({ paymentProvider: 'grow', grow: { userId: 'u1', pageCode: 'pc1', apiUrl: 'https://secure.meshulam.co.il/api/light/server/1.0' } });
    expect(config.stripe).toBeUndefined();
    const sandbox = loadConfig({ ...base, GROW_USER_ID: 'u1', GROW_PAGE_CODE: 'pc1', GROW_API_URL: 'https://sandbox.meshulam.co.il/api/light/server/1.0/' });
    expect(sandbox.grow?.apiUrl).toBe('https://sandbox.meshulam.co.il/api/light/server/1.0');
    expect(() => loadConfig({ ...base, GROW_USER_ID: 'u1', GROW_PAGE_CODE: 'pc1', GROW_API_URL: 'meshulam' })).toThrow(/GROW_API_URL/);
  });

  it('the sandbox needs no provider settings, and another provider’s settings are not read', () => {
    const config = loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1' });
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.stripe).toBeUndefined();
    expect(config.grow).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('reads METRICS_TOKEN (unset: none), refusing a short one or one with spaces', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: '' }).metricsToken).toBeNull();
    const token = 'prometheus-scrape-token-0123456789';
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'a token with spaces in the middle' })).toThrow(/METRICS_TOKEN/);
  });

  it('refuses bad values with a ConfigError naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'pigeon' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAT_PERCENT: 'seventeen' })).toThrow(/VAT_PERCENT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAT_PERCENT: '101' })).toThrow(/VAT_PERCENT/);
  });

  it('reads MEDIA_QUOTA_BYTES, what each user’s uploads may take; refuses what is no positive whole number', () => {
    expect(loadConfig({ DATA_DIR: dataDir, MEDIA_QUOTA_BYTES: '5000000' }).mediaQuotaBytes).toBe(5_000_000);
    expect(loadConfig({ DATA_DIR: dataDir, MEDIA_QUOTA_BYTES: '' }).mediaQuotaBytes).toBe(1024 * 1024 * 1024);
    for (const bad of ['0', '-1', '1.5', 'a gigabyte']) expect(() => loadConfig({ DATA_DIR: dataDir, MEDIA_QUOTA_BYTES: bad })).toThrow(/MEDIA_QUOTA_BYTES/);
  });

  it('reads REFUND_RETRY_SECONDS, the wait before a refund the provider did not take is tried again', () => {
    expect(loadConfig({ DATA_DIR: dataDir, REFUND_RETRY_SECONDS: '5' }).refundRetrySeconds).toBe(5);
    expect(loadConfig({ DATA_DIR: dataDir, REFUND_RETRY_SECONDS: '' }).refundRetrySeconds).toBe(60);
    for (const bad of ['0', '1.5', '86401', 'soon']) expect(() => loadConfig({ DATA_DIR: dataDir, REFUND_RETRY_SECONDS: bad })).toThrow(/REFUND_RETRY_SECONDS/);
  });

  it('reads VAT_PERCENT, which every new sale is split with', () => {
    expect(loadConfig({ DATA_DIR: dataDir, VAT_PERCENT: '17' }).vatPercent).toBe(17);
    expect(loadConfig({ DATA_DIR: dataDir, VAT_PERCENT: '0' }).vatPercent).toBe(0);
    // Empty is unset, never 0.
    expect(loadConfig({ DATA_DIR: dataDir, VAT_PERCENT: '' }).vatPercent).toBe(18);
  });
  it('reads the accessibility coordinator: ACCESSIBILITY_CONTACT_NAME (unset: none), _EMAIL (a default address), _PHONE (unset: none)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).accessibilityContact).toEqual({ name: null, email: 'accessibility@streethunt.co.il', phone: null });
    const set = loadConfig({
      DATA_DIR: dataDir,
      ACCESSIBILITY_CONTACT_NAME: ' Noa Levi ',
      ACCESSIBILITY_CONTACT_EMAIL: 'access@example.org',
      ACCESSIBILITY_CONTACT_PHONE: '+972 3-123-4567',
    });
    expect(set.accessibilityContact).toEqual({ name: 'Noa Levi', email: 'access@example.org', phone: '+972 3-123-4567' });
    // Empty is unset.
    expect(loadConfig({ DATA_DIR: dataDir, ACCESSIBILITY_CONTACT_NAME: '', ACCESSIBILITY_CONTACT_EMAIL: '', ACCESSIBILITY_CONTACT_PHONE: '' }).accessibilityContact).toEqual({
      name: null,
      email: 'accessibility@streethunt.co.il',
      phone: null,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, ACCESSIBILITY_CONTACT_EMAIL: 'not an address' })).toThrow(/ACCESSIBILITY_CONTACT_EMAIL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ACCESSIBILITY_CONTACT_PHONE: 'call me' })).toThrow(/ACCESSIBILITY_CONTACT_PHONE/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ACCESSIBILITY_CONTACT_NAME: 'x'.repeat(101) })).toThrow(/ACCESSIBILITY_CONTACT_NAME/);
  });
});
