export * from './image-variants.ts';
export * from './recordings.ts';
