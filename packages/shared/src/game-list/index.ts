export * from './list-query.ts';
