import {
  AREA_RADIUS_METERS,
  emptyGame,
  GAME_EXPORT_FORMAT,
  GAME_EXPORT_VERSION,
  gameExportSchema,
  MAX_HINTS,
  MAX_POLYGON_POINTS,
  MAX_QUESTIONS,
  newContentId,
  type EditableGame,
  type FlowCondition,
  type FlowRule,
  type GameExport,
  type GameLocation,
  type ImportSummary,
  type Language,
  type NotCarried,
  type NotCarriedKind,
  type OpenFormat,
} from '@streethunt/shared';
import { fileProblem, type Where } from './file-problem.ts';

type Point = { lat: number; lng: number };
type Answer = EditableGame['questions'][number]['answer'];

/** One stop read from a file, before it becomes a question. */
export type ReadStop = {
  name: string;
  /** Rich text (HTML) under the name. */
  content: string;
  location: GameLocation | null;
  answer?: Answer;
  hints?: Array<{ title?: string; content: string }>;
  /** The question's id, when the file's reader names it in another stop's condition (else a new one). */
  id?: string;
  /** Its flow, from a file that branches (DESIGN.md section 12). */
  when?: FlowCondition;
  then?: FlowRule[];
  where: Where;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// A tag's attributes stop at the next '<': scanning on to a '>' from every '<' took time growing with
// the square of the text ('<a <a <a …', 96 KB held the server for 5 s).
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;
const SCRIPTS = /<script\b|\son[a-z]+\s*=|javascript:/i;
const MEDIA = /<(img|video|audio|iframe|object|embed|source)\b/gi;

/** Rounds a coordinate to 7 decimals (about 1 cm): files write as many as they like. */
const round = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * Collects what a file holds as a game: its name, intro, start, stops and ending, and what it holds
 * that the game cannot keep. `build` checks the game limits and gives the export file the import takes.
 */
export class DraftBuilder {
  name = '';
  intro = '';
  gameover = '';
  start: Point | null = null;
  readonly stops: ReadStop[] = [];
  private readonly notes = new Map<NotCarriedKind, { count: number; where: string[] }>();

  constructor(
    readonly format: OpenFormat,
    private readonly language: Language = 'he',
  ) {}

  /** Something the game cannot keep, counted, with the first places it happened. */
  note(kind: NotCarriedKind, where: string, count = 1): void {
    const seen = this.notes.get(kind) ?? { count: 0, where: [] };
    seen.count += count;
    if (where && seen.where.length < 10 && !seen.where.includes(where)) seen.where.push(where);
    this.notes.set(kind, seen);
  }

  /**
   * A description as rich text: HTML is kept for the import's sanitizer (which keeps what our rich
   * text allows), noting scripts and media from elsewhere that it will drop; plain text is escaped,
   * its blank lines made paragraphs and its line breaks kept. `as: 'text'` when the file says it is text.
   */
  richText(raw: string, where: string, as: 'guess' | 'text' = 'guess'): string {
    const text = raw.trim();
    if (!text) return '';
    if (as === 'guess' && LOOKS_LIKE_HTML.test(text)) {
      if (SCRIPTS.test(text)) this.note('scripts', where);
      const media = text.match(MEDIA)?.length ?? 0;
      if (media > 0) this.note('media', where, media);
      return text;
    }
    return text
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
      .join('');
  }

  /** A coordinate pair, or a 400 naming where it is out of range or not a number. */
  point(lat: unknown, lng: unknown, where: Where): Point {
    const la = Number(lat);
    const ln = Number(lng);
    if (lat === undefined || lat === '' || lng === undefined || lng === '' || !Number.isFinite(la) || !Number.isFinite(ln)) {
      throw fileProblem(`A point has no readable coordinates (latitude ${String(lat)}, longitude ${String(lng)})`, where);
    }
    if (la < -90 || la > 90 || ln < -180 || ln > 180) {
      throw fileProblem(`A point's coordinates are out of range: latitude ${la} (-90 to 90), longitude ${ln} (-180 to 180)`, where);
    }
    return { lat: round(la), lng: round(ln) };
  }

  /** A polygon's ring as an area: the closing point (equal to the first) dropped, within our limits. */
  polygon(ring: Point[], where: Where): GameLocation {
    const open = ring.length > 1 && ring[0]!.lat === ring.at(-1)!.lat && ring[0]!.lng === ring.at(-1)!.lng ? ring.slice(0, -1) : ring;
    if (open.length > MAX_POLYGON_POINTS) throw fileProblem(`A polygon has ${open.length} corners; a game's area may have at most ${MAX_POLYGON_POINTS}`, where);
    if (open.length === 0) throw fileProblem('A polygon has no corners', where);
    if (open.length < 3) return open[0]!;
    return open;
  }

  /**
   * A circle as an area: a point when its radius is near a point area's own (30 m), else a polygon of
   * 24 corners around it (noted, so the creator knows).
   */
  circle(center: Point, radiusMeters: number, where: Where & { name: string }): GameLocation {
    if (!(radiusMeters > 0) || !Number.isFinite(radiusMeters)) throw fileProblem(`A circle's radius is not a positive number of meters (${radiusMeters})`, where);
    if (Math.abs(radiusMeters - AREA_RADIUS_METERS) <= 10) return center;
    this.note('circles', where.name);
    const corners = 24;
    const metersPerDegree = 111_320;
    const ring = Array.from({ length: corners }, (_, i) => {
      const angle = (2 * Math.PI * i) / corners;
      return {
        lat: round(center.lat + (radiusMeters * Math.cos(angle)) / metersPerDegree),
        lng: round(center.lng + (radiusMeters * Math.sin(angle)) / (metersPerDegree * Math.cos((center.lat * Math.PI) / 180))),
      };
    });
    // A huge radius, or a centre at a pole (where a meter east is no longer a longitude), draws
    // corners off the map: the creator is told, rather than the reply failing.
    if (ring.some((corner) => !Number.isFinite(corner.lat) || !Number.isFinite(corner.lng) || Math.abs(corner.lat) > 90 || Math.abs(corner.lng) > 180)) {
      throw fileProblem(
        `A circle of radius ${radiusMeters} m around latitude ${center.lat}, longitude ${center.lng} reaches past the map's edge (latitude -90 to 90, longitude -180 to 180)`,
        where,
      );
    }
    return ring;
  }

  build(): { file: GameExport; summary: ImportSummary; notCarried: NotCarried[] } {
    if (this.stops.length === 0) throw fileProblem('The file holds no points to make stops of');
    if (this.stops.length > MAX_QUESTIONS) throw fileProblem(`The file holds ${this.stops.length} stops; a game may have at most ${MAX_QUESTIONS}`);
    const base = emptyGame(this.language);
    const questions = this.stops.map((stop): EditableGame['questions'][number] => {
      const hints = stop.hints ?? [];
      if (hints.length > MAX_HINTS) throw fileProblem(`A stop has ${hints.length} hints; a question may have at most ${MAX_HINTS}`, stop.where);
      if (!stop.name && !stop.content) this.note('unnamed', stop.where.element ?? '');
      return {
        id: stop.id ?? newContentId(),
        content: `${stop.name ? `<h2>${escapeHtml(stop.name)}</h2>` : ''}${stop.content}`,
        location: stop.location,
        answer: stop.answer ?? { kind: 'none', content: '', contentAfterAnswer: '' },
        hints: hints.map((hint) => ({ id: newContentId(), content: hint.content, ...(hint.title && { title: hint.title }) })),
        ...(stop.when && { when: stop.when }),
        ...(stop.then && stop.then.length > 0 && { then: stop.then }),
      };
    });
    const game: EditableGame = {
      ...base,
      metadata: { ...base.metadata, name: this.name.slice(0, 200), map: true, location: this.start ?? firstPoint(questions) },
      introPage: { content: this.intro },
      questions,
      gameoverPage: { content: this.gameover, hideGameSummary: false },
    };
    const count = (test: (q: (typeof questions)[number]) => boolean) => questions.filter(test).length;
    const summary: ImportSummary = {
      format: this.format,
      name: game.metadata.name,
      stops: questions.length,
      start: game.metadata.location !== null,
      areas: { point: count((q) => q.location !== null && !Array.isArray(q.location)), polygon: count((q) => Array.isArray(q.location)) },
      answers: {
        text: count((q) => q.answer.kind === 'text'),
        number: count((q) => q.answer.kind === 'number'),
        choice: count((q) => q.answer.kind === 'choice'),
        none: count((q) => q.answer.kind === 'none'),
      },
      hints: questions.reduce((sum, q) => sum + q.hints.length, 0),
    };
    const notCarried = [...this.notes].map(([kind, seen]) => ({ kind, count: seen.count, where: seen.where }));
    const file = { format: GAME_EXPORT_FORMAT, version: GAME_EXPORT_VERSION, exportedAt: new Date().toISOString(), game } as GameExport;
    this.checkLimits(file);
    return { file, summary, notCarried };
  }

  /**
   * The game read must be one the import takes (and the reply can carry): a text that grows past a
   * field's limit once escaped as HTML is a 400 naming the field and the stop, not a failed reply.
   */
  private checkLimits(file: GameExport): void {
    const checked = gameExportSchema.safeParse(file);
    if (checked.success) return;
    const issue = checked.error.issues[0]!;
    const path = issue.path.slice(1);
    const stop = path[0] === 'questions' && typeof path[1] === 'number' ? this.stops[path[1]] : undefined;
    throw fileProblem(`What this file holds is past a game's limits: ${path.map(String).join('.')}: ${issue.message.replace(/^Invalid input: /, '')}`, stop?.where);
  }
}

/** Without a start in the file, the first stop's point (a polygon's first corner). */
function firstPoint(questions: EditableGame['questions']): Point | null {
  const first = questions.find((q) => q.location)?.location;
  if (!first) return null;
  return Array.isArray(first) ? first[0]! : first;
}
