import { and, asc, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { mediaUrl } from '@streethunt/shared';
import type { Db } from '../db/client.ts';
import { gameCodes, games, users } from '../db/schema.ts';
import { hashPassword } from '../platform/auth.ts';
import { createGameCodes } from '../features/codes/service.ts';
import { saveImage } from '../features/media/service.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { demoCoverSvgs } from './demo-covers.ts';
import { demoGames } from './demo-games.ts';

/** Demo accounts for the embedded database. Known passwords: demo data only, never a deployment. */
const demoAccounts = [
  { role: 'admin', firstName: 'Dana', lastName: 'Admin', email: 'admin@streethunt.local', password: 'demo-admin-1234', phone: '050-0000001' },
  { role: 'user', firstName: 'Yoni', lastName: 'Creator', email: 'creator@streethunt.local', password: 'demo-creator-1234', phone: '050-0000002' },
] as const;

/**
 * Seeds a new (empty) database, its games' covers into `storage`, then remembers the demo games for
 * the start-up help. Returns false when there was data already.
 */
export async function seedDemo(db: Db, storage: Storage): Promise<boolean> {
  const seeded = await seedEmptyDatabase(db, storage);
  demoGameLines = await readDemoGames(db);
  return seeded;
}

async function seedEmptyDatabase(db: Db, storage: Storage): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const covers = await Promise.all(demoGames.map((game) => seedCover(storage, game.id)));
  const now = new Date();
  const ids: Record<string, string> = {};
  for (const account of demoAccounts) {
    const [user] = await db
      .insert(users)
      .values({
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phone: account.phone,
        role: account.role,
        passwordHash: await hashPassword(account.password),
        emailValidatedAt: now,
        language: 'he',
      })
      .returning({ id: users.id });
    ids[account.role] = user.id;
  }
  // Approved games of the demo creator, the first newest, each with one admin code to play it.
  for (const [i, game] of demoGames.entries()) {
    const at = new Date(now.getTime() - i * 60_000);
    const metadata = { ...game.content.metadata, coverImage: covers[i] };
    await db.insert(games).values({ id: game.id, userId: ids.user, status: 'APPROVED', approvedAt: at, createdAt: at, updatedAt: at, ...game.content, metadata });
    await createGameCodes(db, { gameId: game.id, count: 1, prefix: 'DEMO', source: 'admin', createdBy: ids.admin });
  }
  return true;
}

/** Draws a demo game's cover, stores it as a content-hashed original and returns its public path ('' for a game without a scene). */
async function seedCover(storage: Storage, gameId: string): Promise<string> {
  const draw = demoCoverSvgs[gameId];
  if (!draw) return '';
  const png = await sharp(Buffer.from(draw())).png({ compressionLevel: 0 }).toBuffer();
  return mediaUrl(await saveImage({ storage }, { folder: 'covers', data: png }));
}

export type DemoGameLine = { id: string; name: string; code: string };

/** Remembered by seedDemo for demoLoginHelp (main prints the help right after seeding). */
let demoGameLines: DemoGameLine[] = [];

/** The demo games still in the database, each with its first admin code: read back, so they stay the same across restarts. */
export async function readDemoGames(db: Db): Promise<DemoGameLine[]> {
  const ids = demoGames.map((g) => g.id);
  const rows = await db
    .select({ id: games.id, metadata: games.metadata, code: gameCodes.code })
    .from(games)
    .innerJoin(gameCodes, and(eq(gameCodes.gameId, games.id), eq(gameCodes.source, 'admin')))
    .where(inArray(games.id, ids))
    .orderBy(asc(gameCodes.createdAt), asc(gameCodes.id));
  const lines: DemoGameLine[] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (row) lines.push({ id, name: String((row.metadata as { name?: unknown }).name ?? ''), code: row.code });
  }
  return lines;
}

export function demoLoginHelp(publicUrl: string, games: DemoGameLine[] = demoGameLines): string {
  const lines = demoAccounts.map((a) => `  ${a.role === 'admin' ? 'admin  ' : 'creator'}  ${a.email}  /  ${a.password}`);
  const help = [`Demo accounts (log in at ${publicUrl}/login):`, ...lines];
  if (games.length > 0) {
    help.push('Demo games (open the link, then enter the code):', ...games.map((g) => `  ${publicUrl}/game/${g.id}  code ${g.code}  ${g.name}`));
  }
  return help.join('\n');
}
