import { z } from 'zod';
import { idSchema, lineText } from './common.ts';

// POST /api/trials (DESIGN.md section 15): a trial code for a paid game that offers free questions.

/** The phone's own id (kept in its storage): one trial per game per phone, and per account when signed in. */
const deviceIdSchema = lineText().trim().min(8, 'deviceId must be 8 to 100 characters').max(100, 'deviceId must be 8 to 100 characters');

export const trialRequestSchema = z.strictObject({ gameId: idSchema, deviceId: deviceIdSchema });

/** The trial's code: it plays through the progress calls like any code, within the game's free questions, for 24 hours. */
export const trialReplySchema = z.object({ data: z.object({ code: z.string() }) });
export type TrialReply = z.infer<typeof trialReplySchema>;
