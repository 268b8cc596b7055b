import { describe, expect, it } from 'vitest';
import { editableGameSchema, editorPrice } from '@streethunt/shared';
import { sameGame, toServerCopy } from './editable-game.ts';
import { editorStateReducer, initialEditorState } from './editor-state.ts';
import { setIntro } from './editor-store.ts';
import { ownerReply } from './test-game.ts';

describe('the editable game', () => {
  it("is the owner's reply without salts and hashes, every field named, ready to save", () => {
    const copy = toServerCopy(ownerReply());
    expect(copy).toMatchObject({ version: 3, status: 'DRAFT', userId: 'u1' });
    const question = copy.game.questions[0]!;
    expect(question.answer).toEqual({ kind: 'text', value: 'Bialik, ביאליק', content: '<p>Before: Who lived in the house?</p>', contentAfterAnswer: '<p>Well done: Who lived in the house?</p>' });
    expect(question.id).toBe('q1');
    expect(question.hints).toEqual([{ id: 'q1h1', content: '<p>A poet of the nation</p>' }, { id: 'q1h2', content: '<p>His house is a museum</p>', title: 'Big hint' }]);
    expect(copy.game.metadata.price).toBe(50);
    expect(JSON.stringify(copy.game)).not.toMatch(/salt|hashes/);
    // What the editor saves passes the save's own schema.
    expect(editableGameSchema.safeParse(copy.game).success).toBe(true);
  });

  it('reads a stored price as its number, or as not set', () => {
    expect(editorPrice('45.5')).toBe(45.5);
    expect(editorPrice(' ')).toBe('');
    expect(editorPrice('free')).toBe('');
    expect(editorPrice(30)).toBe(30);
  });

  it('compares content, not object identity or absent keys', () => {
    const { game } = toServerCopy(ownerReply());
    const same = JSON.parse(JSON.stringify(game)) as typeof game;
    expect(sameGame(game, same)).toBe(true);
    expect(sameGame(game, { ...same, metadata: { ...same.metadata, location: undefined } })).toBe(false);
    expect(sameGame(game, setIntro(game, '<p>Other</p>'))).toBe(false);
  });
});

describe('the editor state', () => {
  it("takes the server's copy after a save only when nothing changed meanwhile", () => {
    const server = toServerCopy(ownerReply());
    const edited = setIntro(server.game, '<p>New <script>x</script></p>');
    const state = editorStateReducer(initialEditorState(server), { type: 'intro', content: '<p>New <script>x</script></p>' });
    const stored = { ...server, version: 4, game: setIntro(server.game, '<p>New </p>') };

    const adopted = editorStateReducer(state, { type: 'adopt', server: stored, sent: edited });
    expect(adopted.server.version).toBe(4);
    expect(adopted.game.introPage.content).toBe('<p>New </p>');
    expect(adopted.revision).toBe(state.revision + 1);

    // Typed on while the save was under way: the newer edits stay.
    const typedOn = editorStateReducer(state, { type: 'intro', content: '<p>Newer</p>' });
    const kept = editorStateReducer(typedOn, { type: 'adopt', server: stored, sent: edited });
    expect(kept.game.introPage.content).toBe('<p>Newer</p>');
    expect(kept.server.version).toBe(4);
  });
});
