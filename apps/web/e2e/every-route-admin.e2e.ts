import { sweepEveryRoute } from './support/route-sweep.ts';

// Every page route as the admin (the admin's pages): axe and 200% text at 360 px (support/route-sweep.ts).
sweepEveryRoute('admin');
