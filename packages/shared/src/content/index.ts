export * from './limits.ts';
export * from './ids.ts';
