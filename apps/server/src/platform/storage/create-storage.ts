import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** The media folder of a deployment: DATA_DIR/media. */
export const mediaDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'media');

/** The configured storage; today always the local disk under DATA_DIR/media. */
export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return createLocalStorage(mediaDir(config));
}
