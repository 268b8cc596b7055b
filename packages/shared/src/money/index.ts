export * from './vat.ts';
export * from './revenue-split.ts';
export * from './periods.ts';
export * from './statement.ts';
export * from './refunds.ts';
export * from './format.ts';
export * from './terms-examples.ts';
export * from './own-mailbox.ts';
