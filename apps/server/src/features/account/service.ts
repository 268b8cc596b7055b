import { eq, sql } from 'drizzle-orm';
import type {
  Language,
  LoginReply,
  Profile,
  PublicUser,
  SignupRequest,
  UpdatePasswordReply,
  UpdateProfileRequest,
} from '@streethunt/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import { newAffiliateCode } from '../../db/ids.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword, type TokenSigner } from '../../platform/auth.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import type { MailQueue, Outgoing } from '../../platform/mail/mail-queue.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { claimAuthToken, findLiveAuthToken, issueAuthToken, revokeAuthTokens } from './auth-tokens.ts';
import { resetPasswordEmail, signupAttemptEmail, validationEmail } from './emails.ts';
import { accountMessages } from './messages.ts';

export type AccountDeps = { db: Db; mailer: MailQueue; config: Pick<Config, 'publicUrl'>; signer: TokenSigner; realtime: Pick<Realtime, 'closeUserSockets'> };

type UserRow = typeof users.$inferSelect;


const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

const findUserById = async (db: Db, id: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];

const AFFILIATE_CODE_INDEX = 'users_affiliate_code_key';
const AFFILIATE_CODE_TRIES = 3;

/**
 * Inserts a new user with a fresh affiliate code, drawing another when the code is taken: with 32^8
 * codes that is about one signup in a million once there are a million users, and it must not read as
 * 'email taken'.
 */
async function withFreshAffiliateCode<T>(insert: (affiliateCode: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert(newAffiliateCode());
    } catch (error) {
      if (attempt >= AFFILIATE_CODE_TRIES || violatedUniqueIndex(error) !== AFFILIATE_CODE_INDEX) throw error;
    }
  }
}

/** The kinds of account mail job: each is queued the same way whether or not the email has an account. */
const SIGNUP_JOB = 'account.signup';
const VALIDATION_JOB = 'account.validation';
const RESET_JOB = 'account.reset';

/** At most this many account emails of one kind to one address an hour, whoever asks (platform/mail). */
const ACCOUNT_MAILS_PER_HOUR = 5;
const limitOf = (kind: string) => ({ kind, perHour: ACCOUNT_MAILS_PER_HOUR });

async function validationOutgoing(deps: AccountDeps, user: UserRow): Promise<Outgoing> {
  const token = await issueAuthToken(deps.db, user.id, 'validate_email');
  const link = `${deps.config.publicUrl}/validate-email/${token}`;
  const message = { to: user.email, ...validationEmail({ firstName: user.firstName, link, language: user.language }) };
  return { message, limit: limitOf(VALIDATION_JOB) };
}

/**
 * How the queue's worker writes each account mail, looking the user up when it is sent: the request
 * that queued it did the same work whether or not the address has an account.
 */
export function registerAccountMail(deps: AccountDeps): void {
  deps.mailer.handle(SIGNUP_JOB, async ({ userId, created }) => {
    const user = await findUserById(deps.db, String(userId));
    if (!user) return null;
    if (created === true) return user.emailValidatedAt ? null : validationOutgoing(deps, user);
    // Someone signed up with an address that has an account: its owner is told, nobody else.
    const links = { login: `${deps.config.publicUrl}/login`, reset: `${deps.config.publicUrl}/forgot-password` };
    return { message: { to: user.email, ...signupAttemptEmail({ ...links, language: user.language }) }, limit: limitOf(SIGNUP_JOB) };
  });
  deps.mailer.handle(VALIDATION_JOB, async ({ email }) => {
    const user = await findUserByEmail(deps.db, String(email));
    return user && !user.emailValidatedAt ? validationOutgoing(deps, user) : null;
  });
  deps.mailer.handle(RESET_JOB, async ({ email }) => {
    const user = await findUserByEmail(deps.db, String(email));
    if (!user) return null;
    const token = await issueAuthToken(deps.db, user.id, 'reset_password');
    const link = `${deps.config.publicUrl}/reset-password/${user.id}/${token}`;
    const message = { to: user.email, ...resetPasswordEmail({ firstName: user.firstName, link, language: user.language }) };
    return { message, limit: limitOf(RESET_JOB) };
  });
}

/**
 * Inserts the user unless the email has an account, then reads the row by email: the same statements
 * either way, so the reply takes the same time. A clash on the affiliate code (nothing inserted, no
 * account with this email) draws another code.
 */
async function insertUnlessTaken(db: Db, input: SignupRequest, passwordHash: string): Promise<{ user: UserRow; created: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    const [inserted] = await db
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        passwordHash,
        // Stored as it came, whether or not it is some user's code (the payments side matches it).
        aff: input.aff || null,
        language: input.language ?? 'he',
        affiliateCode: newAffiliateCode(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const user = await findUserByEmail(db, input.email);
    if (user) return { user, created: inserted?.id === user.id };
    if (attempt >= AFFILIATE_CODE_TRIES) throw new Error('no free affiliate code after several draws');
  }
}

/**
 * Answers alike whether or not the email has an account (nothing tells a caller which addresses are
 * registered): a new account is sent its confirmation link, an existing one's owner is told someone
 * tried to sign up with it. Either way the request hashes, inserts or not, and queues one job.
 */
export async function signUp(deps: AccountDeps, input: SignupRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const { user, created } = await insertUnlessTaken(deps.db, input, passwordHash);
  await deps.mailer.enqueue(SIGNUP_JOB, { userId: user.id, created });
}

export async function validateEmail(deps: AccountDeps, token: string, replyIn?: Language): Promise<void> {
  const claimed = await claimAuthToken(deps.db, 'validate_email', token);
  if (!claimed) throw badRequest(accountMessages(replyIn).invalidValidationLink, 'invalid_token');
  await deps.db
    .update(users)
    .set({ emailValidatedAt: sql`coalesce(${users.emailValidatedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, claimed.userId));
}

/** Says nothing about whether the email is known: the queue's worker looks it up. */
export async function resendValidation(deps: AccountDeps, email: string): Promise<void> {
  await deps.mailer.enqueue(VALIDATION_JOB, { email });
}

async function loginReply(signer: TokenSigner, user: UserRow): Promise<LoginReply> {
  const accessToken = await signer.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion });
  return { accessToken, data: { role: user.role, isSelfPayment: user.isSelfPayment, userId: user.id } };
}

const needEmailValidate = (replyIn?: Language) =>
  new AppError(403, 'need_email_validate', accountMessages(replyIn).needEmailValidate);

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | undefined;

export async function logIn(deps: AccountDeps, input: { email: string; password: string }, replyIn?: Language): Promise<LoginReply> {
  const user = await findUserByEmail(deps.db, input.email);
  dummyHash ??= hashPassword('no-such-user-password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw unauthorized(accountMessages(replyIn).wrongCredentials, 'wrong_credentials');
  if (!user.emailValidatedAt) throw needEmailValidate(replyIn);
  return loginReply(deps.signer, user);
}

/** A fresh access token for a caller whose token is still valid. */
export async function autoLogIn(deps: AccountDeps, userId: string, replyIn?: Language): Promise<LoginReply> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (!user.emailValidatedAt) throw needEmailValidate(replyIn);
  return loginReply(deps.signer, user);
}

/** Says nothing about whether the email is known: the queue's worker looks it up. */
export async function requestPasswordReset(deps: AccountDeps, email: string, replyIn?: Language): Promise<{ message: string }> {
  await deps.mailer.enqueue(RESET_JOB, { email });
  return { message: accountMessages(replyIn).resetSent };
}

/** A used, expired, unknown or another user's reset link: refused inside the change, so nothing of it stays. */
class InvalidResetLink extends Error {}

/**
 * POST /api/update-password. A link that does not work is the spec's ERROR reply (its client reads
 * `data.status` from a normal reply, then sends the user to ask for a new link), not a 4xx; nothing changes.
 */
export async function updatePassword(
  deps: AccountDeps,
  input: { id: string; token: string; password: string },
  replyIn?: Language,
): Promise<UpdatePasswordReply['data']> {
  const messages = accountMessages(replyIn);
  try {
    // Check before hashing, so garbage tokens cost no argon2 work.
    const found = await findLiveAuthToken(deps.db, 'reset_password', input.token);
    if (!found || found.userId !== input.id) throw new InvalidResetLink();
    const passwordHash = await hashPassword(input.password);
    await deps.db.transaction(async (tx) => {
      const claimed = await claimAuthToken(tx, 'reset_password', input.token);
      if (!claimed || claimed.userId !== input.id) throw new InvalidResetLink();
      await tx
        .update(users)
        // Following the emailed link proves the address, so it counts as validated too.
        .set({
          passwordHash,
          passwordChangedAt: new Date(),
          // Ends every session signed before now, including one refreshed by auto-login this very second.
          tokenVersion: sql`${users.tokenVersion} + 1`,
          emailValidatedAt: sql`coalesce(${users.emailValidatedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, input.id));
      await revokeAuthTokens(tx, input.id, 'reset_password');
    });
    // The old sessions' sockets too, on every process: a token refused over HTTP must not keep a live feed.
    deps.realtime.closeUserSockets(input.id);
  } catch (error) {
    if (error instanceof InvalidResetLink) return { status: 'ERROR', message: messages.invalidResetLink };
    throw error;
  }
  return { status: 'OK', message: messages.passwordUpdated };
}

/** The first name only (all the spec shows of a creator), beside the id that was asked for. */
export async function getPublicUser(deps: Pick<AccountDeps, 'db'>, userId: string, replyIn?: Language): Promise<PublicUser> {
  const [user] = await deps.db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(accountMessages(replyIn).userNotFound);
  return { _id: user.id, userId: user.id, firstName: user.firstName };
}

function toProfile(user: UserRow): Profile {
  return {
    _id: user.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    language: user.language,
    isSelfPayment: user.isSelfPayment,
    createdAt: user.createdAt.toISOString(),
    affiliateCode: user.affiliateCode,
  };
}

export async function getProfile(deps: Pick<AccountDeps, 'db'>, userId: string): Promise<Profile> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return toProfile(user);
}

/** Names, phone and language only; the email is not changed here. */
export async function updateProfile(deps: Pick<AccountDeps, 'db'>, userId: string, input: UpdateProfileRequest): Promise<Profile> {
  const [user] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      ...(input.language ? { language: input.language } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw unauthorized();
  return toProfile(user);
}

/**
 * The CLI's create-admin: makes a new admin, or promotes the user with that email and sets the
 * password. Either way the email counts as validated, so the admin can log in at once.
 */
export async function saveAdmin(db: Db, input: { email: string; password: string }): Promise<'created' | 'promoted'> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        passwordHash,
        passwordChangedAt: new Date(),
        // A new password ends the sessions signed with the old one.
        tokenVersion: sql`${users.tokenVersion} + 1`,
        emailValidatedAt: existing.emailValidatedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    return 'promoted';
  }
  await withFreshAffiliateCode((affiliateCode) =>
    db.insert(users).values({
      firstName: 'Admin',
      lastName: '',
      email: input.email,
      phone: '',
      passwordHash,
      role: 'admin',
      emailValidatedAt: new Date(),
      affiliateCode,
    }),
  );
  return 'created';
}
