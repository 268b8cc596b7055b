import { sweepEveryRoute } from './support/route-sweep.ts';

// Every page route logged out: axe and 200% text at 360 px (support/route-sweep.ts); the creator's and the admin's are files of their own, run side by side.
sweepEveryRoute('visitor');
