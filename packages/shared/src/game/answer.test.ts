import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptedAnswers, answerHashes, isAcceptedAnswer, matchesAnswerHashes, normalizeAnswer } from './answer.ts';
import { sha256Hex } from './sha256.ts';

describe('sha256Hex', () => {
  it.each(['', 'abc', 'שלום עולם', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'salt-🙂-1000'.repeat(20)])('matches node:crypto for %j', (s) => {
    expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });
});

describe('answers', () => {
  it('normalizes by trimming, lower-casing and collapsing white space', () => {
    expect(normalizeAnswer('  Dizengoff   Square\t')).toBe('dizengoff square');
    expect(normalizeAnswer(' כיכר   דיזנגוף ')).toBe('כיכר דיזנגוף');
  });

  it('splits the comma-separated list and drops empty entries', () => {
    expect(acceptedAnswers('1909, Tel Aviv ,,  ')).toEqual(['1909', 'tel aviv']);
  });

  it('accepts any listed answer, case-insensitively', () => {
    expect(isAcceptedAnswer('1909, Tel Aviv', ' TEL   aviv ')).toBe(true);
    expect(isAcceptedAnswer('1909, Tel Aviv', '1910')).toBe(false);
    expect(isAcceptedAnswer('1909', '   ')).toBe(false);
  });

  it('judges from salted hashes exactly as from the plain list', () => {
    const hashes = answerHashes('s4lt', 'Bialik, ביאליק');
    expect(hashes).toHaveLength(2);
    expect(hashes.join()).not.toContain('bialik');
    expect(matchesAnswerHashes('s4lt', hashes, ' BIALIK')).toBe(true);
    expect(matchesAnswerHashes('s4lt', hashes, 'ביאליק')).toBe(true);
    expect(matchesAnswerHashes('other', hashes, 'bialik')).toBe(false);
    expect(matchesAnswerHashes('s4lt', hashes, 'rothschild')).toBe(false);
  });
});
