export * from './geo.ts';
export * from './coordinates-text.ts';
export * from './tiles.ts';
