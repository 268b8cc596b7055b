export * from './pack-plan.ts';
