import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { newAffiliateCode, newId } from './ids.ts';

const id = () => text('id').primaryKey().$defaultFn(newId);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    /** The affiliate code of whoever brought this user (the aff cookie at signup). */
    aff: text('aff'),
    /** This user's own affiliate code, for ?aff= share links; every user has one. */
    affiliateCode: text('affiliate_code').notNull().$defaultFn(newAffiliateCode),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    isSelfPayment: boolean('is_self_payment').notNull().default(false),
    language: text('language', { enum: ['he', 'en'] }).notNull().default('he'),
    emailValidatedAt: ts('email_validated_at'),
    /** When the password last changed (sessions from before it are ended by tokenVersion below). */
    passwordChangedAt: ts('password_changed_at'),
    /** Carried in every access token; bumped on a password change or reset, which refuses every older token. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * What the admin's users search looks in (features/users): kept by the database, so a search is
     * one plain scan of one column, about 3 times faster than lower-casing four columns per row.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone)`),
  },
  // The admin's users list pages newest registration first (features/users): read backwards, this index gives that order.
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_idx').on(t.createdAt, t.id), uniqueIndex('users_affiliate_code_key').on(t.affiliateCode)],
);

/** Email validation and password reset tokens: only the SHA-256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['validate_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

export type GameStatus = 'DRAFT' | 'PENDING' | 'APPROVED';

export const games = pgTable(
  'games',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['DRAFT', 'PENDING', 'APPROVED'] }).notNull().default('DRAFT'),
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    introPage: jsonb('intro_page').notNull().default(sql`'{}'::jsonb`),
    questions: jsonb('questions').notNull().default(sql`'[]'::jsonb`),
    gameoverPage: jsonb('gameover_page').notNull().default(sql`'{}'::jsonb`),
    /** The game's texts in other languages, by the content's ids (DESIGN.md section 13); `{}`: none. */
    translations: jsonb('translations').notNull().default(sql`'{}'::jsonb`),
    /** Salt for the answer hashes sent to players; rotates when answers change. */
    answerSalt: text('answer_salt').notNull().default(sql`md5(random()::text)`),
    /** Why an admin sent the game back to DRAFT (or took it off the list); shown to the creator in the editor, cleared on approval. */
    reviewNote: text('review_note'),
    /** Goes up by one on every save; a save naming an older version gets 409 (two tabs on one game). */
    version: integer('version').notNull().default(1),
    /**
     * The version sent to approval (set when the game becomes PENDING): an approval without a version
     * approves exactly this one, and a game saved since is 409 (features/admin/service.ts).
     */
    sentVersion: integer('sent_version'),
    /** When the admins were last emailed that this game waits for approval: at most once an hour per game. */
    approvalMailedAt: ts('approval_mailed_at'),
    /**
     * Set on the draft of an approved game's next version (features/studio/next-version.ts): the game
     * it will replace once approved; the approved game stays listed as it is until then.
     */
    nextVersionOf: text('next_version_of').references((): AnyPgColumn => games.id, { onDelete: 'cascade' }),
    approvedAt: ts('approved_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /*
     * What the public list (GET /api/games) sorts and filters on, kept by the database from the row itself
     * (migration 0009), so no write path can forget them. The functions mirror packages/shared: isFreePrice
     * and areaCenter (a test compares them).
     */
    listedAt: ts('listed_at').generatedAlwaysAs(sql`coalesce(approved_at, created_at)`),
    listSearch: text('list_search').generatedAlwaysAs(
      sql`lower(coalesce(metadata->>'name', '') || ' ' || coalesce(metadata->>'locationCity', ''))`,
    ),
    /** The languages the game is offered in (metadata.languages, which the save computes; else its own): a bilingual game is under both filters. */
    listLanguages: text('list_languages').array().generatedAlwaysAs(sql`game_languages(metadata)`),
    listMap: boolean('list_map').generatedAlwaysAs(sql`coalesce(metadata->'map' = 'true'::jsonb, false)`),
    listFree: boolean('list_free').generatedAlwaysAs(sql`game_price_is_free(metadata->'price')`),
    startLat: doublePrecision('start_lat').generatedAlwaysAs(sql`(game_start(metadata->'location'))[1]`),
    startLng: doublePrecision('start_lng').generatedAlwaysAs(sql`(game_start(metadata->'location'))[2]`),
  },
  (t) => [
    index('games_status_idx').on(t.status),
    // One next version per game at a time.
    uniqueIndex('games_next_version_of_key').on(t.nextVersionOf),
    index('games_user_idx').on(t.userId),
    // The list's order (newest listed first) and each filter with that order; only approved games are listed.
    index('games_listed_idx').on(t.listedAt.desc(), t.id.desc()).where(sql`status = 'APPROVED'`),
    index('games_listed_user_idx').on(t.userId, t.listedAt.desc(), t.id.desc()).where(sql`status = 'APPROVED'`),
    index('games_listed_free_idx').on(t.listFree, t.listedAt.desc(), t.id.desc()).where(sql`status = 'APPROVED'`),
    index('games_listed_languages_idx').using('gin', t.listLanguages).where(sql`status = 'APPROVED'`),
    index('games_listed_map_idx').on(t.listMap, t.listedAt.desc(), t.id.desc()).where(sql`status = 'APPROVED'`),
    // Name and city search: any part of either (LIKE '%…%'), through trigrams.
    index('games_list_search_idx').using('gin', sql`${t.listSearch} gin_trgm_ops`).where(sql`status = 'APPROVED'`),
    // 'near me': the bounding box around the visitor, before the exact distance.
    index('games_start_idx').on(t.startLat, t.startLng).where(sql`status = 'APPROVED' and start_lat is not null`),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Minor units (agorot / cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('ILS'),
    affCode: text('aff_code'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['pending', 'paid', 'declined', 'refunded'] }).notNull().default('pending'),
    language: text('language', { enum: ['he', 'en'] }).notNull().default('he'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    // The sale's split, fixed when it is paid (packages/shared/src/money: splitSale), in minor units.
    // The builder is the game's owner then; the affiliate is the user whose code came with the
    // purchase (never the builder themself). Null until paid.
    builderId: text('builder_id').references(() => users.id),
    affiliateId: text('affiliate_id').references(() => users.id),
    vatPercent: integer('vat_percent'),
    vat: integer('vat'),
    commission: integer('commission'),
    affiliateShare: integer('affiliate_share'),
    builderShare: integer('builder_share'),
    // A refund (status refunded): what went back to the buyer, what was kept, who did it and when.
    refundedAt: ts('refunded_at'),
    refundAmount: integer('refund_amount'),
    refundedBy: text('refunded_by').references(() => users.id),
    /** An event bought for many teams: what to make once paid (features/payments/event-purchase.ts); null for one code. */
    eventOrder: jsonb('event_order'),
    /** The account logged in when the purchase was started; null for an anonymous buyer. */
    buyerId: text('buyer_id').references(() => users.id),
    /**
     * The paying card or account as the provider names it when the purchase is paid (stable and never
     * secret: the sandbox's card fingerprint, Grow's card suffix and expiry); null when it names none.
     * A sale paid by a payer who paid for the affiliate before earns them no share (fulfil.ts).
     */
    payerId: text('payer_id'),
    /** The trial code (game_codes.id) this purchase buys on: once paid, that code and its play become the bought ones (features/trials). */
    trialCodeId: text('trial_code_id'),
  },
  (t) => [
    uniqueIndex('purchases_provider_ref_key').on(t.provider, t.providerRef),
    index('purchases_game_idx').on(t.gameId),
    index('purchases_builder_idx').on(t.builderId, t.paidAt),
    index('purchases_affiliate_idx').on(t.affiliateId, t.paidAt),
    index('purchases_paid_idx').on(t.paidAt),
    index('purchases_payer_idx').on(t.payerId),
  ],
);

/**
 * The money of a refunded purchase on its way back through the payment provider (features/refunds):
 * one per purchase at most (the unique purchase_id is the ledger's refusal of a second refund). Its
 * id is our idempotency key with the provider, so a retried call refunds once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** admin: POST /api/purchases/{id}/refund, the fee kept; cancellation: the buyer's, the whole amount. */
    kind: text('kind', { enum: ['admin', 'cancellation'] }).notNull(),
    /** Minor units, in the purchase's currency. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** pending: not yet taken by the provider (retried); sent: taken, its confirmation awaited; done; failed: out of retries. */
    status: text('status', { enum: ['pending', 'sent', 'done', 'failed'] }).notNull().default('pending'),
    /** The provider's id of the refund (Stripe's re_...), once it answered. */
    providerRef: text('provider_ref'),
    /** The payment the provider refunded (Stripe's PaymentIntent), to match its notifications by. */
    providerPaymentRef: text('provider_payment_ref'),
    attempts: integer('attempts').notNull().default(0),
    /** The kind of the last failure (never the provider's message, which may name the buyer). */
    lastError: text('last_error'),
    /** A process calling the provider holds the refund until then, so two never call at once. */
    lockedUntil: ts('locked_until'),
    /** The admin, or the buyer signed in; null for a buyer who cancelled with a token. */
    requestedBy: text('requested_by').references(() => users.id),
    createdAt: createdAt(),
    doneAt: ts('done_at'),
  },
  (t) => [uniqueIndex('refunds_purchase_key').on(t.purchaseId), index('refunds_provider_ref_idx').on(t.provider, t.providerRef), index('refunds_status_idx').on(t.status)],
);

/**
 * Money paid out to a builder or an affiliate, recorded by an admin. Never changed or deleted (a
 * trigger refuses it): a mistake is corrected by a new entry, which may be negative and names the
 * entry it corrects. `period` is the month of earnings ('YYYY-MM') the payment settles.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    period: text('period').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('ILS'),
    kind: text('kind', { enum: ['payout', 'correction'] }).notNull().default('payout'),
    correctsId: text('corrects_id'),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('payouts_user_idx').on(t.userId, t.period), index('payouts_period_idx').on(t.period)],
);

export const gameCodes = pgTable(
  'game_codes',
  {
    id: id(),
    code: text('code').notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /**
     * free: issued by the server itself when a player starts a free game (no code to buy). trial: a
     * paid game's trial (the trials table); bought, it becomes 'purchase' with its purchaseId.
     */
    source: text('source', { enum: ['purchase', 'admin', 'creator', 'free', 'event', 'trial'] }).notNull(),
    purchaseId: text('purchase_id').references(() => purchases.id),
    /** The admin batch that made it (admin codes from POST /api/games/generate-codes). */
    batchId: text('batch_id').references(() => codeBatches.id),
    createdBy: text('created_by').references(() => users.id),
    activatedAt: ts('activated_at'),
    /** When the code first opened the game's questions (GET /api/games/{id}): a code that read them is used, no refund. */
    openedAt: ts('opened_at'),
    /** A refunded purchase's code stops working (features/refunds); it stays for the record. */
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('game_codes_code_key').on(t.code),
    uniqueIndex('game_codes_purchase_key').on(t.purchaseId),
    index('game_codes_game_idx').on(t.gameId),
  ],
);

/**
 * A trial of a paid game (DESIGN.md section 15): its code (source 'trial' until bought), the phone and
 * the account that asked for it. One per game per phone, and per game per account. Kept once bought
 * (boughtAt), for the creator's funnel: trials are never sales.
 */
export const trials = pgTable(
  'trials',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    codeId: text('code_id')
      .notNull()
      .references(() => gameCodes.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purchaseId: text('purchase_id').references(() => purchases.id),
    boughtAt: ts('bought_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trials_code_key').on(t.codeId),
    uniqueIndex('trials_game_device_key').on(t.gameId, t.deviceId),
    uniqueIndex('trials_game_user_key').on(t.gameId, t.userId),
    index('trials_created_idx').on(t.gameId, t.createdAt),
  ],
);

/** A batch of codes an admin generated for a game: who, when, how many, with which prefix. */
export const codeBatches = pgTable(
  'code_batches',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    count: integer('count').notNull(),
    prefix: text('prefix').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('code_batches_game_idx').on(t.gameId, t.createdAt)],
);

/** One play per game and code; every device holding the code shares it. */
export const plays = pgTable(
  'plays',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    codeId: text('code_id')
      .notNull()
      .references(() => gameCodes.id, { onDelete: 'cascade' }),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    lastUpdate: ts('last_update').notNull().defaultNow(),
    /**
     * Each question's state by question id (plays/play-states.ts): `{ [questionId]: { status, openHints:
     * [hintId], solution } }`, only the questions begun. By id, so a question deleted or moved never
     * moves a play's progress onto another.
     */
    states: jsonb('states').notNull().default(sql`'{}'::jsonb`),
    /** Single-use token for the emailed feedback link (hashed). */
    feedbackTokenHash: text('feedback_token_hash'),
    feedbackTokenUsedAt: ts('feedback_token_used_at'),
    /**
     * The game's version (games.version) the play started on: it keeps it until it ends, whatever is
     * saved later (features/games/versions.ts); a replaced version it is on stays in game_versions.
     */
    gameVersion: integer('game_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plays_game_code_key').on(t.gameId, t.codeId),
    // The creator's report lists a game's newest plays first (features/my-games).
    index('plays_game_created_idx').on(t.gameId, t.createdAt),
    // A save asks whether any play is on the version it replaces.
    index('plays_game_version_idx').on(t.gameId, t.gameVersion),
  ],
);

/** Versions of games that plays started on and a save has since replaced: never changed (features/games/versions.ts). */
export const gameVersions = pgTable(
  'game_versions',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    metadata: jsonb('metadata').notNull(),
    introPage: jsonb('intro_page').notNull(),
    questions: jsonb('questions').notNull(),
    gameoverPage: jsonb('gameover_page').notNull(),
    translations: jsonb('translations').notNull().default(sql`'{}'::jsonb`),
    /** The salt the phone's answer hashes of this version were made with. */
    answerSalt: text('answer_salt').notNull(),
    keptAt: ts('kept_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.version] })],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playId: text('play_id').references(() => plays.id, { onDelete: 'set null' }),
    general: smallint('general').notNull(),
    questions: smallint('questions').notNull(),
    path: smallint('path').notNull(),
    openAnswer: text('open_answer').notNull().default(''),
    /** The language the team played the game in (DESIGN.md section 13); null: sent before it was kept. */
    language: text('language', { enum: ['he', 'en'] }),
    update: ts('update').notNull().defaultNow(),
  },
  (t) => [index('feedbacks_game_idx').on(t.gameId, t.update)],
);

export const problemReports = pgTable(
  'problem_reports',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    gameSecret: text('game_secret').notNull(),
    questionId: integer('question_id').notNull(),
    message: text('message').notNull(),
    /** The language the team played the game in (DESIGN.md section 13); null: sent before it was kept. */
    language: text('language', { enum: ['he', 'en'] }),
    createdAt: createdAt(),
  },
  (t) => [index('problem_reports_game_idx').on(t.gameId)],
);

export const media = pgTable(
  'media',
  {
    /** The spec's public_id. */
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type', { enum: ['image', 'video', 'audio'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** A video's or a recording's length as its parser read it; null for images and for videos that do not say. */
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('media_user_idx').on(t.userId, t.resourceType)],
);

/** Landing-page form submissions (affiliates, guides). */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    formType: text('form_type').notNull(),
    aff: text('aff'),
    language: text('language', { enum: ['he', 'en'] }).notNull().default('he'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // One lead per email and form: a repeat updates it (emails are stored lower-case).
  (t) => [uniqueIndex('leads_email_form_key').on(t.email, t.formType), index('leads_created_idx').on(t.createdAt)],
);

/** Barriers reported from the accessibility statement (/accessibility), for the admins to handle. */
export const accessibilityReports = pgTable(
  'accessibility_reports',
  {
    id: id(),
    /** The page's address or the sender's own words. */
    place: text('place').notNull(),
    what: text('what').notNull(),
    /** Where to answer; null when the sender left none. */
    email: text('email'),
    language: text('language', { enum: ['he', 'en'] }).notNull().default('he'),
    createdAt: createdAt(),
    handledAt: ts('handled_at'),
  },
  (t) => [index('accessibility_reports_created_idx').on(t.createdAt)],
);

export const payoutDetails = pgTable('payout_details', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  idNumber: text('id_number').notNull(),
  bankName: text('bank_name').notNull(),
  bankNumber: text('bank_number').notNull(),
  branchNumber: text('branch_number').notNull(),
  accountNumber: text('account_number').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An event: one game played live by many teams at once, each team with its own code (event_teams),
 * followed by its organiser in the control room (features/events).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    organiserId: text('organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** Set when the organiser ends it early. */
    endedAt: ts('ended_at'),
    /** When its final ranking last changed after the end (a photo judged late); null: it never did. */
    rankingChangedAt: ts('ranking_changed_at'),
    teamCount: integer('team_count').notNull(),
    showLeaderboard: boolean('show_leaderboard').notNull().default(true),
    /** Minutes each team plays from its own start; null: until the event's end. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** The purchase that paid for it; null when its game's creator (or an admin) made it, or nothing was to be paid. */
    purchaseId: text('purchase_id').references(() => purchases.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_organiser_idx').on(t.organiserId, t.createdAt),
    index('events_ends_idx').on(t.endsAt),
    // One event per purchase: a repeated payment notification finds it made.
    uniqueIndex('events_purchase_key').on(t.purchaseId),
  ],
);

/** One team of an event: its code (a game code of source 'event'), the name it gave itself, its last position. */
export const eventTeams = pgTable(
  'event_teams',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    codeId: text('code_id')
      .notNull()
      .references(() => gameCodes.id, { onDelete: 'cascade' }),
    name: text('name'),
    disqualifiedAt: ts('disqualified_at'),
    /** The last position the team's phones sent; kept until the event ends plus a day (events/positions.ts). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    positionAt: ts('position_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_teams_code_key').on(t.codeId),
    index('event_teams_event_idx').on(t.eventId),
    // One name per event, whatever its letter case.
    uniqueIndex('event_teams_name_key').on(t.eventId, sql`lower(${t.name})`),
  ],
);

/** The control room's feed: what the teams did, and the organiser's messages (team_id null: to all teams). */
export const eventFeed = pgTable(
  'event_feed',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => eventTeams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['named', 'started', 'answered', 'hint', 'skipped', 'finished', 'problem', 'message', 'photo', 'photo-judged'] }).notNull(),
    questionNumber: integer('question_number'),
    text: text('text'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('event_feed_event_idx').on(t.eventId, t.at)],
);

/**
 * A team's photo for a photo question (answer kind `photo`): one per play and question, stored under a
 * key no one can guess and served only through the photos routes. Its judgement is mirrored in the
 * play's states (the score reads it there).
 */
export const playPhotos = pgTable(
  'play_photos',
  {
    id: id(),
    playId: text('play_id')
      .notNull()
      .references(() => plays.id, { onDelete: 'cascade' }),
    codeId: text('code_id')
      .notNull()
      .references(() => gameCodes.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    mediaKey: text('media_key').notNull(),
    /** The stored file's size: it counts in the game owner's storage quota. */
    bytes: integer('bytes').notNull().default(0),
    /** How many photos the team sent for the question (a rejected one may be taken again): capped. */
    takes: integer('takes').notNull().default(1),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull().default('pending'),
    points: integer('points'),
    comment: text('comment'),
    judgedAt: ts('judged_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('play_photos_play_question_key').on(t.playId, t.questionId), index('play_photos_code_idx').on(t.codeId)],
);
