import { describe, expect, it } from 'vitest';
import type { FlowQuestion } from '@streethunt/shared';
import { flowGraph, type GraphNode } from './flow-graph.ts';

const choice = (...options: string[]) => ({ kind: 'choice', options: options.map((id) => ({ id })) });
const edgesOf = (graph: ReturnType<typeof flowGraph>) => graph.edges.map((e) => `${e.source}>${e.target}:${e.kind}${e.option ? `:${e.option}` : ''}${e.flag ? `:${e.flag}` : ''}${e.negated ? ':not' : ''}`).sort();
const question = (graph: ReturnType<typeof flowGraph>, id: string) => graph.nodes.find((n): n is Extract<GraphNode, { kind: 'question' }> => n.id === id && n.kind === 'question')!;

describe('the flow view’s graph', () => {
  it('a line without rules: start, each question after the one before, end; one per row', () => {
    const graph = flowGraph([{ id: 'a' }, { id: 'b' }, { id: 'c' }], 'linear');
    expect(edgesOf(graph)).toEqual(['a>b:next', 'b>c:next', 'c>end:next', 'start>a:next']);
    expect(graph.nodes.map((n) => [n.id, n.x, n.y])).toEqual([['start', 0, 0], ['a', 0, 160], ['b', 0, 320], ['c', 0, 480], ['end', 0, 640]]);
  });

  it('a fork: both sides side by side, each from its option; the question after joins them; the fork is not a way past its sides', () => {
    const questions: FlowQuestion[] = [
      { id: 'fork', answer: choice('left', 'right') },
      { id: 'alley', when: { chose: { question: 'fork', option: 'left' } } },
      { id: 'square', when: { chose: { question: 'fork', option: 'right' } }, then: [{ on: 'right', do: [{ setFlag: 'wet' }] }] },
      { id: 'gate' },
      { id: 'fountain', when: { not: { flag: 'wet' } }, then: [{ on: 'right', do: [{ end: true }] }] },
    ];
    const graph = flowGraph(questions, 'linear');
    expect(edgesOf(graph)).toEqual([
      'alley>gate:next',
      'fork>alley:chose:left',
      'fork>square:chose:right',
      'fountain>end:end',
      'gate>end:next',
      'square>fountain:flag:wet:not',
      'square>gate:next',
      'start>fork:next',
    ]);
    const alley = question(graph, 'alley');
    const square = question(graph, 'square');
    expect(alley.y).toBe(square.y);
    expect(alley.x).toBeLessThan(square.x);
    expect(question(graph, 'fork').branch).toBe(true);
    expect(question(graph, 'gate').y).toBeGreaterThan(alley.y);
  });

  it('free order: every question from the start, wrapped three to a row; the score and the clock are marked', () => {
    const questions: FlowQuestion[] = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    questions[3] = { id: 'd', when: { all: [{ scoreAtLeast: 100 }, { minutesAtLeast: 20 }] } };
    const graph = flowGraph(questions, 'free');
    expect(edgesOf(graph).filter((e) => e.startsWith('start>'))).toEqual(['start>a:next', 'start>b:next', 'start>c:next', 'start>d:next']);
    const rows = new Set(['a', 'b', 'c', 'd'].map((id) => question(graph, id).y));
    expect(rows.size).toBe(2);
    expect(question(graph, 'd').waits).toEqual(['scoreAtLeast', 'minutesAtLeast']);
  });

  it('marks what the checker refuses on its question, and draws no edge to a question that is not there', () => {
    const graph = flowGraph([{ id: 'a' }, { id: 'b', when: { done: 'gone' } }, { id: 'c', when: { flag: 'never' } }], 'linear');
    expect(question(graph, 'b').problems.map((p) => p.code)).toContain('missing-question');
    expect(question(graph, 'c').problems.map((p) => p.code)).toContain('unset-flag');
    expect(question(graph, 'a').problems).toEqual([]);
    expect(graph.edges.some((e) => e.source === 'gone')).toBe(false);
  });

  it('questions that wait on each other still get a place (no endless walk)', () => {
    const graph = flowGraph([{ id: 'a', when: { done: 'b' } }, { id: 'b', when: { done: 'a' } }], 'free');
    expect(graph.nodes.filter((n) => n.kind === 'question')).toHaveLength(2);
    expect(question(graph, 'a').problems.map((p) => p.code)).toContain('circular');
  });
});
