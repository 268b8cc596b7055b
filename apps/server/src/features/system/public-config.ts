import type { PublicConfig } from '@streethunt/shared';
import type { Config } from '../../config.ts';

/** What the web app needs to know about this deployment (GET /api/public-config, and the pages the server draws). */
export function publicConfig(config: Config): PublicConfig {
  return {
    appEnv: config.appEnv,
    productionHosts: config.productionHosts,
    bareDomain: config.bareDomain,
    tileUrl: config.tileUrl,
    tileOffline: config.tileOffline,
    vatPercent: config.vatPercent,
    accessibilityContact: config.accessibilityContact,
  };
}
