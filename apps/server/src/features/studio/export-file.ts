import { GAME_EXPORT_FORMAT, GAME_EXPORT_VERSION, GAME_EXPORT_VERSIONS_READ, gameImportSchema, trimChars, type GameExport } from '@streethunt/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

/*
 * Reading an export file (docs/game-export.md) that a person picked on their disk: every refusal
 * says what is wrong in words they can act on, and where in the file.
 */

type Issue = z.core.$ZodIssue;

/** Most issues listed beside the message (the first is the message). */
const MAX_ISSUES = 20;

const refuse = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError(400, 'validation', message, issues ? { issues } : undefined);

/** A value as a short quote for a message (a file may hold anything, of any size or depth). */
function quote(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Nested too deep for JSON.stringify's stack (a RangeError, which answered 500): its kind only.
    text = Array.isArray(value) ? '[…]' : '{…}';
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The most telling issue inside a union's failure: of each branch's first issue, the one that got
 * deepest into the value (a point with lat 200 fails on `lat`, not on "not a list"); on a tie, one
 * about the value itself (too big) rather than about its type.
 */
function telling(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  // A branch that finds keys it does not know in the value (a strict object of another kind) fits it
  // less than one that knows them all: `{ "addPoints": "x" }` fails on addPoints, not on setFlag.
  const branches = issue.errors
    .filter((branch) => branch.length > 0)
    .map((branch) => ({ first: branch[0]!, alien: branch.find((i) => i.code === 'unrecognized_keys' && i.path.length === 0) }));
  if (branches.length > 1 && branches.every((b) => b.alien && b.first.path.length === 1)) {
    // No branch knows the value's keys (a flow action of no known kind): name what it may be.
    const kinds = branches.map((b) => String(b.first.path[0]));
    const alien = branches[0]!.alien;
    const found = alien?.code === 'unrecognized_keys' ? `; it has ${alien.keys.slice(0, 3).map((k) => JSON.stringify(k)).join(', ')}` : '';
    return { code: 'custom', path: issue.path, input: undefined, message: `expected an object with one of ${kinds.join(', ')}${found}` };
  }
  const score = (b: (typeof branches)[number]) =>
    (b.alien ? 0 : 1000) + b.first.path.length * 10 + (b.first.code === 'invalid_type' || b.first.code === 'invalid_value' ? 0 : 1);
  const best = branches.reduce<(typeof branches)[number] | undefined>((found, candidate) => (!found || score(candidate) > score(found) ? candidate : found), undefined);
  if (!best) return issue;
  const inner = telling(best.first);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

/**
 * The id of the question a flow issue is in (`game.questions.N.when` or `.then`), when the file gives
 * it one: a condition names questions by id, so that is how the creator finds it in the file.
 */
function flowQuestionId(file: unknown, path: readonly PropertyKey[]): string | undefined {
  if (path[0] !== 'game' || path[1] !== 'questions' || typeof path[2] !== 'number' || (path[3] !== 'when' && path[3] !== 'then')) return undefined;
  const questions = (file as { game?: { questions?: unknown } }).game?.questions;
  const id = Array.isArray(questions) ? (questions[path[2]] as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'string' ? quote(id) : undefined;
}

/** `game.questions.0.answer.value: expected string, received number`; `game.questions.1.when (question "q2"): …`. */
function describeIssue(issue: Issue, file: unknown): { path: string; message: string } {
  const deepest = telling(issue);
  const path = deepest.path.map(String).join('.');
  const message = deepest.message.replace(/^Invalid input: /, '');
  const id = flowQuestionId(file, deepest.path);
  const where = id === undefined || message.includes(`question ${id.slice(1, -1)}:`) ? path : `${path} (question ${id})`;
  return { path, message: path ? `${where}: ${message}` : message };
}

/**
 * The export file as the current format, or a 400 naming the first problem: not an object, not our
 * format, another version, or the first field that does not read (with its path in the file).
 */
export function readGameExport(file: unknown): GameExport {
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw refuse(`This is not a StreetHunt game file: expected a JSON object, got ${kindOf(file)}`);
  }
  const { format, version } = file as Record<string, unknown>;
  if (format === undefined) throw refuse(`This is not a StreetHunt game file: it has no "format" (expected "${GAME_EXPORT_FORMAT}")`);
  if (format !== GAME_EXPORT_FORMAT) {
    throw refuse(`This is not a StreetHunt game file: its format is ${quote(format)}, expected "${GAME_EXPORT_FORMAT}"`);
  }
  const read = `this server reads versions ${GAME_EXPORT_VERSIONS_READ.slice(0, -1).join(', ')} and ${GAME_EXPORT_VERSIONS_READ.at(-1)}`;
  if (version === undefined) throw refuse(`This game file has no "version"; ${read}`);
  if (!(GAME_EXPORT_VERSIONS_READ as readonly unknown[]).includes(version)) throw refuse(`This file is version ${quote(version)}; ${read}`);
  const parsed = gameImportSchema.safeParse(file);
  // A version 1 or 2 file (no kinds, no flow) reads as the current version: what it lacks has its default.
  if (parsed.success) return { ...parsed.data, version: GAME_EXPORT_VERSION };
  const issues = parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => describeIssue(issue, file));
  throw refuse(`This game file cannot be imported: ${issues[0]?.message ?? 'unknown problem'}`, issues);
}

/** Content-Disposition for the export: an ASCII name for old clients, the real (Hebrew) name in filename* (RFC 6266, 5987). */
export function exportFileDisposition(gameName: string, extension = 'json'): string {
  const name = gameName.trim().slice(0, 100) || 'game';
  const ascii =
    trimChars(
      name
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9._ -]+/g, '')
        .trim()
        .replace(/\s+/g, '-'),
      '-.',
    ) || 'game';
  const utf8 = encodeURIComponent(`${name}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${utf8}`;
}
