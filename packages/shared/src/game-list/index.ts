export * from './list-query.ts';
// The game languages the list filters on, without the package index (and its zod).
export { LANGUAGES } from '../constants.ts';
