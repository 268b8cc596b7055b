export * from './image-variants.ts';
