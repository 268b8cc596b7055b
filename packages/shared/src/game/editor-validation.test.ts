import { describe, expect, it } from 'vitest';
import type { EditableGame } from '../schemas/studio.ts';
import { emptyGame, emptyHint, emptyQuestion } from './editable-game.ts';
import { isEmptyContent, validateGame, visibleText, type GameValidationError } from './editor-validation.ts';

const content = (text: string) => `<p>${text}</p>`;

/** A game that passes every rule: each test breaks one. */
function validGame(): EditableGame {
  return {
    metadata: {
      name: 'Old Jaffa',
      locationCity: 'Tel Aviv',
      locationText: 'The clock tower',
      price: 49,
      currencyCode: 'ILS',
      language: 'he',
      map: true,
      coverImage: '',
      location: { lat: 32.05, lng: 34.75 },
      scoring: { wrongAttemptPenalty: 0, timePenalty: true },
      order: 'linear',
    },
    introPage: { content: content('Welcome to old Jaffa, a walk of stories') },
    questions: [
      {
        id: 'steps',
        content: content('How many steps lead to the church?'),
        location: { lat: 32.054, lng: 34.752 },
        answer: { kind: 'text', value: '42, forty two', content: '', contentAfterAnswer: '' },
        hints: [{ id: 'count', content: content('Count them from the bottom, slowly') }],
      },
      {
        id: 'gate',
        content: content('What is written over the gate?'),
        location: [
          { lat: 32.05, lng: 34.75 },
          { lat: 32.051, lng: 34.75 },
          { lat: 32.051, lng: 34.751 },
        ],
        answer: { kind: 'text', value: 'peace', content: '', contentAfterAnswer: '' },
        hints: [],
      },
    ],
    gameoverPage: { content: content('Well done, see you on the next walk'), hideGameSummary: false },
  };
}

const kinds = (errors: GameValidationError[]) => errors.map((e) => `${e.error}.${e.field}@${e.path}`);

describe('validateGame (spec section 5): one case per rule', () => {
  it('passes a complete game', () => {
    expect(validateGame(validGame())).toEqual([]);
  });

  it.each([
    ['name', 'metadata.name'],
    ['locationCity', 'metadata.locationCity'],
    ['locationText', 'metadata.locationText'],
  ] as const)('requires metadata.%s (blank or spaces only)', (field, path) => {
    for (const value of ['', '   ']) {
      const game = validGame();
      game.metadata[field] = value;
      expect(kinds(validateGame(game))).toEqual([`required.${field}@${path}`]);
    }
  });

  it('requires a price, and at least 30 (minimun)', () => {
    const game = validGame();
    game.metadata.price = '';
    expect(kinds(validateGame(game))).toEqual(['required.price@metadata.price']);
    for (const price of [0, 29.99, '29']) {
      (game.metadata as { price: unknown }).price = price;
      const errors = validateGame(game);
      expect(kinds(errors)).toEqual(['minimun.price@metadata.price']);
      expect(errors[0]!.message).toBe('The price must be at least 30');
    }
    for (const price of [30, '30', 120.5]) {
      (game.metadata as { price: unknown }).price = price;
      expect(validateGame(game)).toEqual([]);
    }
  });

  it('holds the price per team of an event, when set, to the same minimum (a 200-team event sold for 2 shekels)', () => {
    const game = validGame();
    const metadata: Record<string, unknown> = game.metadata;
    for (const groupPrice of [0.01, 0, '29.99']) {
      metadata.groupPrice = groupPrice;
      const errors = validateGame(game);
      expect(kinds(errors)).toEqual(['minimun.groupPrice@metadata.groupPrice']);
      expect(errors[0]!.message).toBe('The price per team of an event must be at least 30');
    }
    for (const groupPrice of [undefined, null, '', 30, '45.5']) {
      metadata.groupPrice = groupPrice;
      expect(validateGame(game)).toEqual([]);
    }
  });

  it('requires the currency and the language', () => {
    const game = validGame();
    const metadata: Record<string, unknown> = game.metadata;
    metadata.currencyCode = '';
    metadata.language = undefined;
    expect(kinds(validateGame(game))).toEqual(['required.currencyCode@metadata.currencyCode', 'required.language@metadata.language']);
  });

  it('requires map to be true or false', () => {
    const game = validGame();
    (game.metadata as Record<string, unknown>).map = 'yes';
    // Not a boolean: the map is not on, so no location is asked for either.
    expect(kinds(validateGame(game))).toEqual(['required.map@metadata.map']);
  });

  it('with the map on, requires the game location and every question location', () => {
    const game = validGame();
    game.metadata.location = null;
    game.questions[1]!.location = null;
    const errors = validateGame(game);
    expect(kinds(errors)).toEqual(['required.location@metadata.location', 'required.questionLocation@questions.1.location']);
    expect(errors[1]).toMatchObject({ question: 2, message: 'With the map on, question 2 needs a location' });
  });

  it('with the map off, asks for no location', () => {
    const game = validGame();
    game.metadata.map = false;
    game.metadata.location = null;
    for (const q of game.questions) q.location = null;
    expect(validateGame(game)).toEqual([]);
  });

  it('requires intro, question, hint and game-over content, where empty is no visible text', () => {
    const game = validGame();
    game.introPage.content = '<p></p>';
    game.questions[0]!.content = '<p><br></p>';
    game.questions[0]!.hints.push(emptyHint());
    game.gameoverPage.content = '<p> &nbsp; </p><p></p><p></p>';
    const errors = validateGame(game);
    expect(kinds(errors)).toEqual([
      'required.introPage@introPage.content',
      'required.questionContent@questions.0.content',
      'required.hintContent@questions.0.hints.1.content',
      'required.gameoverPage@gameoverPage.content',
    ]);
    expect(errors[2]).toMatchObject({ question: 1, hint: 2, message: 'Hint 2 of question 1 needs content' });
  });

  it('requires at least one question', () => {
    const game = validGame();
    game.questions = [];
    expect(kinds(validateGame(game))).toEqual(['required.questions@questions']);
  });

  it('requires each answer to hold something besides commas and spaces', () => {
    const game = validGame();
    game.questions[0]!.answer = { ...game.questions[0]!.answer, kind: 'text', value: ' , ,, ' };
    expect(kinds(validateGame(game))).toEqual(['required.answerValue@questions.0.answer.value']);
    game.questions[0]!.answer = { ...game.questions[0]!.answer, kind: 'text', value: ',x,' };
    expect(validateGame(game)).toEqual([]);
  });

  it('collects every error of an empty game, in the order of the editor tree', () => {
    const game = emptyGame('en');
    game.metadata.map = true;
    game.questions.push(emptyQuestion());
    game.questions[0]!.hints.push(emptyHint());
    expect(kinds(validateGame(game))).toEqual([
      'required.name@metadata.name',
      'required.locationCity@metadata.locationCity',
      'required.locationText@metadata.locationText',
      'required.price@metadata.price',
      'required.location@metadata.location',
      'required.introPage@introPage.content',
      'required.questionContent@questions.0.content',
      'required.questionLocation@questions.0.location',
      'required.answerValue@questions.0.answer.value',
      'required.hintContent@questions.0.hints.0.content',
      'required.gameoverPage@gameoverPage.content',
    ]);
  });
});

describe('isEmptyContent (spec section 9: under 15 characters with no visible text)', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['   ', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp;</p>', true],
    ['<p></p><p></p><p></p>', true],
    ['<p>\u200f</p>', true],
    ['<p>א</p>', false],
    ['x', false],
    ['<p><img src="/media/a/b.webp"></p>', false],
    ['<video src="/media/a/b.mp4"></video>', false],
  ])('%j -> %s', (value, empty) => {
    expect(isEmptyContent(value)).toBe(empty);
  });

  it('reads visible text through tags and non-breaking spaces', () => {
    expect(visibleText('<h2>Jaffa</h2><p>&nbsp;port&nbsp;</p>')).toBe('Jaffa port');
  });
});

describe('the flow in the validation before approval', () => {
  it('names each flow problem on its question; a working flow passes', () => {
    const game = validGame();
    const [steps, gate] = game.questions;
    const working = { ...game, questions: [{ ...steps!, then: [{ on: 'right' as const, do: [{ setFlag: 'counted' }] }] }, { ...gate!, when: { flag: 'counted' } }] };
    expect(validateGame(working)).toEqual([]);

    const broken = { ...game, questions: [steps!, { ...gate!, when: { flag: 'counted' } }] };
    const errors = validateGame(broken).filter((e) => e.field === 'questionFlow');
    expect(errors).toContainEqual(
      expect.objectContaining({ error: 'unset-flag', field: 'questionFlow', path: 'questions.1.when', question: 2, detail: 'counted', message: expect.stringMatching(/^Question 2: .*flag/) }),
    );
    // Waiting for a flag nothing sets, the gate can never open either.
    expect(errors.map((e) => e.error).sort()).toEqual(['unreachable', 'unset-flag']);

    const circular = { ...game, questions: [{ ...steps!, when: { done: 'gate' } }, { ...gate!, when: { done: 'steps' } }] };
    expect(validateGame(circular).map((e) => [e.error, e.question])).toEqual([
      ['circular', 1],
      ['circular', 2],
    ]);
  });
});
