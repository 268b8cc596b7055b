import { describe, expect, it } from 'vitest';
import { eventTeamPrice } from './price.ts';
import { emptyGame, toEditableGame } from './editable-game.ts';
import { gameMetadataSchema } from '../schemas/game.ts';
import { editableGameSchema } from '../schemas/studio.ts';

describe('eventTeamPrice', () => {
  it('is the group price when the creator set one, else the game’s price', () => {
    expect(eventTeamPrice({ price: 45 })).toEqual({ kind: 'amount', agorot: 4500 });
    expect(eventTeamPrice({ price: 45, groupPrice: null })).toEqual({ kind: 'amount', agorot: 4500 });
    expect(eventTeamPrice({ price: '45', groupPrice: ' ' })).toEqual({ kind: 'amount', agorot: 4500 });
    expect(eventTeamPrice({ price: 45, groupPrice: 30.5 })).toEqual({ kind: 'amount', agorot: 3050 });
    expect(eventTeamPrice({ price: 45, groupPrice: 0 })).toEqual({ kind: 'free' });
    expect(eventTeamPrice({ price: '', groupPrice: 20 })).toEqual({ kind: 'amount', agorot: 2000 });
    expect(eventTeamPrice({ price: '' })).toEqual({ kind: 'free' });
    expect(eventTeamPrice({ price: 45, groupPrice: -1 })).toEqual({ kind: 'invalid' });
  });
});

describe('a group price in the editor', () => {
  const content = (metadata: Record<string, unknown>) => ({
    metadata: gameMetadataSchema.parse({ price: 45, ...metadata }),
    introPage: { content: '' },
    questions: [],
    gameoverPage: { content: '', hideGameSummary: false },
  });

  it('is saved as shekels, kept when set and left out when empty', () => {
    const game = emptyGame();
    expect(editableGameSchema.parse({ ...game, metadata: { ...game.metadata, groupPrice: '30.5' } }).metadata.groupPrice).toBe(30.5);
    expect(editableGameSchema.parse({ ...game, metadata: { ...game.metadata, groupPrice: 0 } }).metadata.groupPrice).toBe(0);
    expect(editableGameSchema.safeParse({ ...game, metadata: { ...game.metadata, groupPrice: -5 } }).success).toBe(false);
    expect(editableGameSchema.parse(game).metadata).not.toHaveProperty('groupPrice');
    expect(toEditableGame(content({ groupPrice: '30' })).metadata.groupPrice).toBe(30);
    expect(toEditableGame(content({ groupPrice: '' })).metadata).not.toHaveProperty('groupPrice');
    expect(toEditableGame(content({})).metadata).not.toHaveProperty('groupPrice');
  });
});
