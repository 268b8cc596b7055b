export * from './geo.ts';
export * from './coordinates-text.ts';
