import { sweepEveryRoute } from './support/route-sweep.ts';

// Every page route as a creator (their own game's editor, an event's control room): axe and 200% text at 360 px (support/route-sweep.ts).
sweepEveryRoute('creator');
