import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANSWER_KINDS, withAnswerKind, type Answer, type AnswerKind } from '@streethunt/shared';
import { renderUi } from '../../test/render-ui.tsx';
import { ANSWER_PANELS, AnswerPanel } from './answer-panel.tsx';

const start: Answer = { kind: 'text', value: '', content: '', contentAfterAnswer: '' };

/** The field each kind's panel shows the creator (and no other kind's). */
const FIELD_OF: Record<AnswerKind, string> = {
  text: 'field-answer-value',
  number: 'field-answer-number',
  choice: 'answer-option-row',
  none: 'answer-none',
  photo: 'field-answer-judging',
};

describe('the editor’s answer panels', () => {
  it('have one entry per answer kind, and none besides', () => {
    expect(Object.keys(ANSWER_PANELS).sort()).toEqual([...ANSWER_KINDS].sort());
  });

  it.each(ANSWER_KINDS)('a %s answer shows its own fields, and no other kind’s', async (kind) => {
    await renderUi(<AnswerPanel index={0} answer={withAnswerKind(start, kind)} onChange={() => undefined} errorOf={() => undefined} dir="ltr" />, 'en');
    expect(Object.values(FIELD_OF).filter((id) => screen.queryAllByTestId(id).length > 0)).toEqual([FIELD_OF[kind]]);
  });
});
