import { sweepEveryRoute } from './support/route-sweep.ts';

// Every page route logged out, in Hebrew: axe and 200% text at 360 px (support/route-sweep.ts). The
// visitor's sweep is the longest, so each language is a file of its own, run side by side.
sweepEveryRoute('visitor', ['he']);
