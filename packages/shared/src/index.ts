export * from './constants.ts';
export * from './schemas/common.ts';
export * from './schemas/account.ts';
export * from './schemas/config.ts';
export * from './game/index.ts';
export * from './schemas/game.ts';
export * from './schemas/play.ts';
export * from './geo/index.ts';
