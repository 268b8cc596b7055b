import { describe, expect, it } from 'vitest';
import { ANSWER_KINDS, storedAnswerSchema, type Answer } from './answer-model.ts';
import { ANSWER_KIND_REGISTRY, answerKindEntry } from './answer-registry.ts';
import { replyAnswerOf } from './reply-answer.ts';

const texts = { content: '<p>Before</p>', contentAfterAnswer: '<p>After</p>' };
const start: Answer = { kind: 'text', value: '42', ...texts };

/** One answer of each kind, as the editor makes it when the creator picks that kind. */
const ofEveryKind = ANSWER_KINDS.map((kind) => ANSWER_KIND_REGISTRY[kind].from(start, texts));

describe('the answer kinds registry', () => {
  it('has one entry per kind, and none besides', () => {
    expect(Object.keys(ANSWER_KIND_REGISTRY).sort()).toEqual([...ANSWER_KINDS].sort());
  });

  it('gives each kind the schema of that kind, which the stored union reads too', () => {
    for (const answer of ofEveryKind) {
      const entry = answerKindEntry(answer);
      expect(entry.schema.parse(answer)).toEqual(answer);
      expect(storedAnswerSchema.parse(answer)).toEqual(answer);
      // Another kind's answer is not this kind's.
      for (const other of ofEveryKind.filter((o) => o.kind !== answer.kind)) expect(entry.schema.safeParse(other).success).toBe(false);
    }
  });

  it('turns an answer into each kind, and reads each kind back from its owner reply unchanged', () => {
    expect(ofEveryKind.map((answer) => answer.kind)).toEqual([...ANSWER_KINDS]);
    for (const answer of ofEveryKind) {
      const reply = replyAnswerOf(answer, 'salt', answerKindEntry(answer).phoneAnswer(answer, 'salt'), true);
      expect(reply.kind).toBe(answer.kind);
      expect(ANSWER_KIND_REGISTRY[answer.kind].editable(reply, texts)).toEqual(answer);
    }
  });

  it('gives players no accepted answer of any kind, and names the kind first in what judging reads', () => {
    for (const answer of ofEveryKind) {
      const reply = replyAnswerOf(answer, 'salt', answerKindEntry(answer).phoneAnswer(answer, 'salt'), false);
      for (const secret of ['value', 'tolerance', 'lenient']) expect(reply).not.toHaveProperty(secret);
      for (const option of reply.options ?? []) expect(option).not.toHaveProperty('correct');
      expect(answerKindEntry(answer).judged(answer)[0]).toBe(answer.kind);
    }
  });
});
