import L from 'leaflet';

// leaflet.markercluster is a plain script that patches the global `L`. Leaflet's own build sets it too;
// this makes sure of it (the module object itself: the plugin adds to it), and comes first in the map
// module's imports, so that the plugin finds Leaflet there when it runs.
const global = globalThis as { L?: typeof L };
global.L ??= L;
