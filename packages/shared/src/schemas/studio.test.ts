import { describe, expect, it } from 'vitest';
import { emptyGame } from '../game/editable-game.ts';
import { gameExportSchema, gameImportSchema } from './game-export.ts';
import { editorLocationSchema, editorPriceSchema, saveGameRequestSchema } from './studio.ts';

const save = (overrides: Record<string, unknown> = {}) => ({ ...emptyGame('he'), version: 1, ...overrides });

describe('the editor save schema', () => {
  it('takes an empty draft', () => {
    expect(saveGameRequestSchema.safeParse(save()).success).toBe(true);
  });

  it('keeps a polygon of fewer than 3 points as its first point (spec section 5)', () => {
    const a = { lat: 32.1, lng: 34.8 };
    const b = { lat: 32.2, lng: 34.9 };
    expect(editorLocationSchema.parse([a, b])).toEqual(a);
    expect(editorLocationSchema.parse([a])).toEqual(a);
    expect(editorLocationSchema.parse([a, b, a])).toEqual([a, b, a]);
  });

  it('refuses a polygon of 10,000 points, an empty one and a point out of range', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ lat: 32 + i / 1e6, lng: 34.8 }));
    for (const bad of [many, [], { lat: 200, lng: 34 }, { lat: 32, lng: 34, alt: 3 }, { lat: Number.NaN, lng: 1 }]) {
      expect(editorLocationSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false);
    }
  });

  it('reads prices as shekels with at most 2 decimals, 0 to 10,000', () => {
    expect(editorPriceSchema.parse('')).toBe('');
    expect(editorPriceSchema.parse(49.9)).toBe(49.9);
    expect(editorPriceSchema.parse(' 120 ')).toBe(120);
    for (const bad of [1e9, -5, 12.345, '1e3', '-5', 'free', '12.345', Number.POSITIVE_INFINITY]) {
      expect(editorPriceSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('refuses unknown fields at every level and names where', () => {
    const game = save();
    const cases: [unknown, string][] = [
      [{ ...game, extra: 1 }, ''],
      [{ ...game, metadata: { ...game.metadata, extra: 1 } }, 'metadata'],
      [{ ...game, introPage: { content: '', extra: 1 } }, 'introPage'],
      [{ ...game, questions: [{ content: '', location: null, answer: { kind: 'text', value: '', content: '', contentAfterAnswer: '', extra: 1 }, hints: [] }] }, 'questions.0.answer'],
    ];
    for (const [body, path] of cases) {
      const result = saveGameRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path.join('.')).toBe(path);
    }
  });

  it('takes what the server owns, as the owner’s GET returns it, and drops it at every level', () => {
    const question = { content: '', location: null, answer: { kind: 'text', value: 'a, b', content: '', contentAfterAnswer: '' }, hints: [{ content: '' }] };
    const plain = save({ questions: [question] });
    const sent = {
      ...plain,
      _id: 'g1',
      userId: 'u1',
      status: 'APPROVED',
      questionCount: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
      reviewNote: null,
      questions: [{ ...question, status: 'DONE', answer: { ...question.answer, salt: 's:0', hashes: ['h1', 'h2'] }, hints: [{ content: '', isOpen: true }] }],
    };
    expect(saveGameRequestSchema.parse(sent)).toEqual(saveGameRequestSchema.parse(plain));
    // Beside them, another key is still refused.
    const hint = saveGameRequestSchema.safeParse({ ...sent, questions: [{ ...sent.questions[0], hints: [{ content: '', isOpen: true, open: 1 }] }] });
    expect(hint.error?.issues[0]?.path.join('.')).toBe('questions.0.hints.0');
  });

  it('refuses wrong types and another currency', () => {
    const game = save();
    expect(saveGameRequestSchema.safeParse({ ...game, questions: 'many' }).success).toBe(false);
    expect(saveGameRequestSchema.safeParse({ ...game, metadata: { ...game.metadata, currencyCode: 'USD' } }).success).toBe(false);
    expect(saveGameRequestSchema.safeParse({ ...game, metadata: { ...game.metadata, map: 'yes' } }).success).toBe(false);
    expect(saveGameRequestSchema.safeParse({ ...game, version: 0 }).success).toBe(false);
  });
});

describe('the scoring settings', () => {
  const save = (scoring: unknown) => {
    const game = emptyGame('en');
    return saveGameRequestSchema.safeParse({ ...game, version: 1, metadata: { ...game.metadata, scoring } });
  };

  it('are saved as given; a save without them (the spec’s client) gets the spec’s rules', () => {
    expect(save({ wrongAttemptPenalty: 5, timePenalty: false }).data?.metadata.scoring).toEqual({ wrongAttemptPenalty: 5, timePenalty: false });
    expect(save(undefined).data?.metadata.scoring).toEqual({ wrongAttemptPenalty: 0, timePenalty: true });
  });

  it('refuse a penalty below 0, above 100 or with decimals, and any other key', () => {
    for (const scoring of [
      { wrongAttemptPenalty: -1, timePenalty: true },
      { wrongAttemptPenalty: 101, timePenalty: true },
      { wrongAttemptPenalty: 2.5, timePenalty: true },
      { wrongAttemptPenalty: 5 },
      { wrongAttemptPenalty: 5, timePenalty: true, bonus: 10 },
    ]) {
      expect(save(scoring).success, JSON.stringify(scoring)).toBe(false);
    }
  });
});

describe('the export file', () => {
  it('names its format and version', () => {
    const file = { format: 'streethunt-game', version: 3, exportedAt: '2026-11-22T10:00:00.000Z', game: emptyGame('en') };
    expect(gameExportSchema.parse(file)).toEqual(file);
    // The export writes the current version; the import also reads versions 1 and 2 (gameImportSchema).
    expect(gameExportSchema.safeParse({ ...file, version: 2 }).success).toBe(false);
    expect(gameImportSchema.safeParse({ ...file, version: 1 }).success).toBe(true);
    expect(gameImportSchema.safeParse({ ...file, version: 2 }).success).toBe(true);
    expect(gameImportSchema.safeParse({ ...file, version: 4 }).success).toBe(false);
    expect(gameExportSchema.safeParse({ ...file, format: 'other' }).success).toBe(false);
  });
});
