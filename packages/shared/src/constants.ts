/** Product constants from spec section 9, shared by server and web. */
export const LANGUAGES = ['he', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'he';
export const FALLBACK_LANGUAGE: Language = 'en';

/** The product's name in each language (the web app's common.appName says the same). */
export const PRODUCT_NAME: Record<Language, string> = { he: 'סטריטהאנט', en: 'StreetHunt' };

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const APP_ENVS = ['production', 'staging', 'development'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export const AFF_COOKIE_NAME = 'aff';
export const AFF_COOKIE_DAYS = 7;
export const SPLASH_REDIRECT_MS = 2000;
export const POST_RESET_REDIRECT_MS = 3000;
export const DEFAULT_LOGIN_RETURN = '/my-games';

/** Lifetimes of the single-use tokens emailed to users. */
export const EMAIL_VALIDATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_HOURS = 1;
export const ACCESS_TOKEN_TTL_DAYS = 30;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
