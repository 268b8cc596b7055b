export * from './limits.ts';
export * from './ids.ts';
export * from './answer-model.ts';
export * from './judge.ts';
export * from './reply-answer.ts';
export * from './linear-text.ts';
export * from './flow-model.ts';
export * from './flow.ts';
