import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { gameTexts, generateGameCode, splitSale, withComputedLanguages, withContentIds, type GameContent, type Language, type Progress, type Translation } from '@streethunt/shared';
import type { Db } from '../db/client.ts';
import { authTokens, eventTeams, events, feedbacks, gameCodes, games, media, payoutDetails, plays, purchases, users } from '../db/schema.ts';
import { hashPassword, newSecretToken } from '../platform/auth.ts';
import { playStatesOf } from '../features/plays/play-states.ts';

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

type UserRow = typeof users.$inferSelect;

/** A stored user (validated email unless said otherwise); the plain password comes back beside it. */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_TEST_PASSWORD, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Noa',
      lastName: 'Levi',
      email: `user-${randomBytes(4).toString('hex')}@example.com`,
      phone: '050-1234567',
      passwordHash: await hashPassword(password),
      emailValidatedAt: new Date(),
      ...rest,
    })
    .returning();
  return { ...user, password };
}

type AuthTokenRow = typeof authTokens.$inferSelect;

/** A stored single-use token (live for an hour unless said otherwise); the plain token comes back beside it. */
export async function buildAuthToken(
  db: Db,
  values: Pick<AuthTokenRow, 'userId' | 'kind'> & Partial<Pick<AuthTokenRow, 'expiresAt' | 'usedAt'>>,
): Promise<AuthTokenRow & { token: string }> {
  const { token, tokenHash } = newSecretToken();
  const [row] = await db
    .insert(authTokens)
    .values({ expiresAt: new Date(Date.now() + 3600_000), ...values, tokenHash })
    .returning();
  return { ...row, token };
}

/** Stored payout details for a user. */
export async function buildPayoutDetails(
  db: Db,
  userId: string,
  overrides: Partial<typeof payoutDetails.$inferInsert> = {},
): Promise<typeof payoutDetails.$inferSelect> {
  const [row] = await db
    .insert(payoutDetails)
    .values({
      userId,
      accountHolder: 'Noa Levi',
      idNumber: '123456782',
      bankName: 'Bank Leumi',
      bankNumber: '10',
      branchNumber: '800',
      accountNumber: '12345678',
      ...overrides,
    })
    .returning();
  return row;
}

type Question = GameContent['questions'][number];
/** A question as a test writes it: its id and its hints' ids may be left out (each gets one, as a save gives them). */
export type QuestionInput = Omit<Question, 'id' | 'hints'> & { id?: string; hints: Array<Omit<Question['hints'][number], 'id'> & { id?: string }> };
export type ContentInput = Partial<Omit<GameContent, 'questions'>> & { questions?: QuestionInput[] };

/**
 * A game's content: three questions (the first on a polygon, the second on a point), two hints each,
 * answers with an alternative. Their ids are fixed (q1, q1h1…); a question or hint given without one
 * gets a new one, and one repeating an id (a question copied in a loop) a new one too.
 */
export function gameContent(overrides: ContentInput = {}): GameContent {
  const { questions, ...rest } = overrides;
  const content = baseContent();
  return { ...content, ...rest, questions: withContentIds(questions ?? content.questions) };
}

function baseContent(): GameContent {
  return {
    metadata: {
      name: 'Test hunt',
      locationCity: 'Tel Aviv',
      locationText: 'Dizengoff Square',
      price: '45',
      currencyCode: 'ILS',
      language: 'he',
      map: true,
      coverImage: '',
      location: { lat: 32.0778, lng: 34.7741 },
    },
    introPage: { content: '<p>Welcome to the test hunt</p>' },
    questions: [
      {
        id: 'q1',
        content: '<p>Who made the fountain?</p>',
        location: [
          { lat: 32.0782, lng: 34.7737 },
          { lat: 32.0782, lng: 34.7746 },
          { lat: 32.0774, lng: 34.7746 },
          { lat: 32.0774, lng: 34.7737 },
        ],
        answer: { kind: 'text', value: 'Yaacov Agam, Agam, אגם', content: '<p>Look at the plaque</p>', contentAfterAnswer: '<p>Right: the artist made it in 1986</p>' },
        hints: [{ id: 'q1h1', content: '<p>An Israeli artist</p>', title: 'Who' }, { id: 'q1h2', content: '<p>Four letters</p>' }],
      },
      {
        id: 'q2',
        content: '<p>What number is the house?</p>',
        location: { lat: 32.074, lng: 34.7718 },
        answer: { kind: 'text', value: 'Twenty Two, עשרים ושתיים', content: '', contentAfterAnswer: '<p>Bialik lived here</p>' },
        hints: [{ id: 'q2h1', content: '<p>Look left of the door</p>' }, { id: 'q2h2', content: '<p>Two digits</p>', title: 'Digits' }],
      },
      {
        id: 'q3',
        content: '<p>Which theatre faces the square?</p>',
        location: { lat: 32.0727, lng: 34.7793 },
        answer: { kind: 'text', value: 'Habima, הבימה', content: '', contentAfterAnswer: '' },
        hints: [{ id: 'q3h1', content: '<p>The national theatre</p>' }, { id: 'q3h2', content: '<p>Starts with H</p>' }],
      },
    ],
    gameoverPage: { content: '<p>Well done</p>', hideGameSummary: false },
  };
}

/**
 * A translation of `content` with every text it has (so the game is offered in that language): each
 * text says where it is (`In en: questions.q1.content`), and a text answer's accepted answer is
 * `answer <question id>`.
 */
export function completeTranslation(content: GameContent, language: Language): Translation {
  const translation: Record<string, unknown> = {};
  for (const { path, field } of gameTexts(content)) {
    const parts = path.split('.');
    const text = path.endsWith('.answers') ? `answer ${parts[1]}` : field.kind === 'rich' ? `<p>In ${language}: ${path}</p>` : `In ${language}: ${path}`;
    let node = translation;
    parts.slice(0, -1).forEach((part, i) => {
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts.at(-1)!] = text;
  }
  return translation as Translation;
}

type GameRow = typeof games.$inferSelect;

/** A stored game, APPROVED unless said otherwise, owned by `userId` (a new user when not given). */
/** The base game's content in free order: for tests that play its questions each on its own, not in a line. */
export function anyOrder(): ContentInput {
  const content = gameContent();
  return { metadata: { ...content.metadata, order: 'free' } };
}

/**
 * A game that forks: at `fork` the team picks the alley (a flag, a text said) or the square (50 points);
 * each side's question opens only on its branch; `gate` ends the game when answered, so `epilogue`
 * never opens after it. Every option of the fork is right: a branch, not a quiz.
 */
export function branchingQuestions(): ContentInput['questions'] {
  const text = (value: string) => ({ kind: 'text' as const, value, content: '', contentAfterAnswer: '' });
  return [
    {
      id: 'fork',
      content: '<p>Left to the alley, or right to the square?</p>',
      location: null,
      answer: {
        kind: 'choice',
        options: [
          { id: 'left', text: 'The alley', correct: true },
          { id: 'right', text: 'The square', correct: true },
        ],
        content: '',
        contentAfterAnswer: '',
      },
      hints: [],
      then: [
        { on: { chose: 'left' }, do: [{ setFlag: 'alley' }, { say: 'You slip into the alley' }] },
        { on: { chose: 'right' }, do: [{ addPoints: 50 }] },
      ],
    },
    { id: 'alley', content: '<p>What sleeps on the step?</p>', location: null, answer: text('cat'), hints: [{ content: '<p>It purrs</p>' }], when: { flag: 'alley' } },
    { id: 'square', content: '<p>What splashes in the middle?</p>', location: null, answer: text('fountain'), hints: [], when: { chose: { question: 'fork', option: 'right' } } },
    { id: 'gate', content: '<p>What stops you at the end?</p>', location: null, answer: text('gate'), hints: [], then: [{ on: 'right', do: [{ end: true }] }] },
    { id: 'epilogue', content: '<p>One more?</p>', location: null, answer: text('more'), hints: [] },
  ];
}

/** One question of each answer kind (a lenient text, a number range, a choice, an information stop), after the base game's three. */
export function everyKindQuestions(): QuestionInput[] {
  const at = (lat: number, lng: number) => ({ lat, lng });
  return [
    ...baseContent().questions,
    {
      id: 'q4',
      content: '<p>What is the name of the boulevard?</p>',
      location: at(32.0635, 34.7745),
      answer: { kind: 'text', value: 'Rothschild', lenient: true, content: '', contentAfterAnswer: '<p>Named after the baron</p>' },
      hints: [],
    },
    {
      id: 'q5',
      content: '<p>How many metres long is the kiosk row?</p>',
      location: at(32.0641, 34.7751),
      answer: { kind: 'number', value: 120, tolerance: 5, content: '<p>Count your steps</p>', contentAfterAnswer: '' },
      hints: [{ id: 'q5h1', content: '<p>About a hundred</p>' }],
    },
    {
      id: 'q6',
      content: '<p>Which year was the city founded?</p>',
      location: at(32.0637, 34.7722),
      answer: {
        kind: 'choice',
        options: [
          { id: 'o1909', text: '1909', correct: true },
          { id: 'o1948', text: '1948', correct: false },
          { id: 'o1878', text: '1878', correct: false },
        ],
        content: '',
        contentAfterAnswer: '<p>Sixty-six families drew lots on the dunes</p>',
      },
      hints: [],
    },
    {
      id: 'q7',
      content: '<p>Walk to Independence Hall, at number 16.</p>',
      location: at(32.0628, 34.7706),
      answer: { kind: 'none', content: '', contentAfterAnswer: '' },
      hints: [],
    },
  ];
}

export async function buildGame(
  db: Db,
  overrides: Partial<Omit<typeof games.$inferInsert, 'metadata' | 'introPage' | 'questions' | 'gameoverPage'>> & { content?: ContentInput } = {},
): Promise<GameRow & { content: GameContent }> {
  const { content: contentOverrides, ...rest } = overrides;
  // The languages a game is offered in are the save's to compute: a stored game has them as a save leaves them.
  const content = withComputedLanguages(gameContent(contentOverrides));
  const userId = rest.userId ?? (await buildUser(db)).id;
  const [row] = await db
    .insert(games)
    .values({ status: 'APPROVED', approvedAt: new Date(), ...rest, userId, ...content })
    .returning();
  return { ...row, content };
}

/** A stored code for a game (source admin unless said otherwise). */
export async function buildCode(
  db: Db,
  values: { gameId: string } & Partial<typeof gameCodes.$inferInsert>,
): Promise<typeof gameCodes.$inferSelect> {
  const [row] = await db
    .insert(gameCodes)
    .values({ code: generateGameCode('T'), source: 'admin', ...values })
    .returning();
  return row;
}

type EventTeamRow = typeof eventTeams.$inferSelect;

/**
 * A stored event of a game, organised by `organiserId`, running now (started a minute ago, ending in
 * two hours) unless said otherwise, with `teams` teams (one unless said otherwise), each on its own
 * event code, as POST /api/events makes them.
 */
export async function buildEvent(
  db: Db,
  values: { gameId: string; organiserId: string; teams?: number } & Partial<typeof events.$inferInsert>,
): Promise<{ event: typeof events.$inferSelect; teams: Array<{ team: EventTeamRow; code: typeof gameCodes.$inferSelect }> }> {
  const { teams: teamCount = 1, ...rest } = values;
  const [event] = await db
    .insert(events)
    .values({ name: 'Class 7B', startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 2 * 3600_000), teamCount, ...rest })
    .returning();
  const teams: Array<{ team: EventTeamRow; code: typeof gameCodes.$inferSelect }> = [];
  for (let i = 0; i < teamCount; i++) {
    const code = await buildCode(db, { gameId: values.gameId, source: 'event', createdBy: values.organiserId });
    const [team] = await db.insert(eventTeams).values({ eventId: event.id, codeId: code.id }).returning();
    teams.push({ team, code });
  }
  return { event, teams };
}

/**
 * A stored play of a game and code, started a minute ago unless said otherwise, on the game's version
 * now unless said otherwise. Its question states
 * may be given as the API shows them (`questions`, in the game's order): they are stored by id.
 */
export async function buildPlay(
  db: Db,
  values: { gameId: string; codeId: string; questions?: Progress['questions'] } & Partial<typeof plays.$inferInsert>,
): Promise<typeof plays.$inferSelect> {
  const { questions, ...rest } = values;
  const [game] = await db.select({ questions: games.questions, version: games.version }).from(games).where(eq(games.id, values.gameId));
  const states = questions ? playStatesOf(game.questions as GameContent['questions'], questions) : (rest.states ?? {});
  const [row] = await db
    .insert(plays)
    .values({ startTime: new Date(Date.now() - 60_000), gameVersion: game.version, ...rest, states })
    .returning();
  return row;
}

/** A stored sandbox purchase of a game (paid unless said otherwise), with an unguessable provider reference. */
export async function buildPurchase(
  db: Db,
  values: { gameId: string } & Partial<typeof purchases.$inferInsert>,
): Promise<typeof purchases.$inferSelect> {
  const status = values.status ?? 'paid';
  const [row] = await db
    .insert(purchases)
    .values({
      fullName: 'Maya Cohen',
      email: `buyer-${randomBytes(4).toString('hex')}@example.com`,
      phone: '052-7654321',
      amount: 4500,
      currency: 'ILS',
      provider: 'sandbox',
      providerRef: randomBytes(32).toString('base64url'),
      language: 'he',
      paidAt: status === 'paid' ? new Date() : null,
      ...values,
      status,
    })
    .returning();
  return row;
}

/** The VAT the money tests sell at (Israel's, in percent). */
const SALE_VAT_PERCENT = 18;

/**
 * A stored sale of a game at `amount` agorot, split between its builder, the affiliate (when given)
 * and us as fulfilment splits it (shared splitSale, at SALE_VAT_PERCENT), paid unless said otherwise.
 */
export async function buildSale(
  db: Db,
  values: { gameId: string; amount: number; paidAt: Date; builderId: string; affiliateId?: string | null } & Partial<typeof purchases.$inferInsert>,
): Promise<typeof purchases.$inferSelect> {
  const affiliateId = values.affiliateId ?? null;
  const split = splitSale({ price: values.amount, vatPercent: SALE_VAT_PERCENT, withAffiliate: affiliateId !== null });
  return buildPurchase(db, {
    vatPercent: SALE_VAT_PERCENT,
    vat: split.vat,
    commission: split.commission,
    affiliateShare: split.affiliateShare,
    builderShare: split.builderShare,
    ...values,
    affiliateId,
  });
}

/** A stored feedback of a game (ratings 5, 4, 3, given now, unless said otherwise). */
export async function buildFeedback(
  db: Db,
  values: { gameId: string } & Partial<typeof feedbacks.$inferInsert>,
): Promise<typeof feedbacks.$inferSelect> {
  const [row] = await db
    .insert(feedbacks)
    .values({ general: 5, questions: 4, path: 3, openAnswer: '', ...values })
    .returning();
  return row;
}

/** A stored media row of a user (an image under their upload folder unless said otherwise); no file behind it. */
export async function buildMedia(
  db: Db,
  values: { userId: string } & Partial<typeof media.$inferInsert>,
): Promise<typeof media.$inferSelect> {
  const resourceType = values.resourceType ?? 'image';
  const hash = randomBytes(8).toString('hex');
  const [row] = await db
    .insert(media)
    .values({
      storageKey: `uploads/${values.userId}/${hash}.${{ image: 'webp', video: 'mp4', audio: 'mp3' }[resourceType]}`,
      mime: { image: 'image/webp', video: 'video/mp4', audio: 'audio/mpeg' }[resourceType],
      bytes: 1234,
      ...values,
      resourceType,
    })
    .returning();
  return row;
}
