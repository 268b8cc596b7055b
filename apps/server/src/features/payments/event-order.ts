import { createEventSchema } from '@streethunt/shared';
import { z } from 'zod';

/**
 * What a purchase of an event keeps (purchases.event_order) until it is paid: the organiser's form
 * as checked when the purchase started, and who bought it (the event's organiser).
 */
const eventOrderSchema = createEventSchema.extend({ organiserId: z.string() });
export type EventOrder = z.infer<typeof eventOrderSchema>;

/** The purchase's event order, or null for a purchase of one code. */
export const readEventOrder = (stored: unknown): EventOrder | null => (stored === null || stored === undefined ? null : eventOrderSchema.parse(stored));
