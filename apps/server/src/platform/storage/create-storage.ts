import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The media folder of a deployment: DATA_DIR/media (with S3, only uploads being received). */
export const mediaDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'media');

/** The configured storage: the S3 bucket when S3_BUCKET is set, else the local disk under DATA_DIR/media. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return createS3Storage({ ...config.s3, stagingDir: mediaDir(config) });
  return createLocalStorage(mediaDir(config));
}
