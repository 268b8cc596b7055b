export * from './answer.ts';
export * from './price.ts';
export * from './progress-change.ts';
export * from './question-status.ts';
export * from './score.ts';
export * from './sha256.ts';
export * from './code.ts';
export * from './editor-validation.ts';
