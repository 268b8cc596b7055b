import { z } from 'zod';
import { APP_ENVS } from '../constants.ts';
import { TILE_OFFLINE_MODES } from '../offline/pack-plan.ts';
import { accessibilityContactSchema } from './accessibility.ts';

// GET /api/public-config: what the web app needs to know about the deployment.
export const publicConfigSchema = z.object({
  appEnv: z.enum(APP_ENVS),
  productionHosts: z.array(z.string()),
  bareDomain: z.string().nullable(),
  tileUrl: z.string(),
  /** What 'Save for offline' may do with the tile server (TILE_OFFLINE): `seen`, no bulk download; `area`, the game's area. */
  tileOffline: z.enum(TILE_OFFLINE_MODES),
  /** VAT in percent, included in game prices (VAT_PERCENT): the /builders page's worked example uses it. */
  vatPercent: z.number().min(0).max(100),
  /** Who the accessibility statement names as its coordinator (ACCESSIBILITY_CONTACT_NAME, _EMAIL, _PHONE). */
  accessibilityContact: accessibilityContactSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
