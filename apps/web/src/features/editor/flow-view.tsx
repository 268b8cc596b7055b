import { useMemo } from 'react';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Background, BaseEdge, Controls, EdgeLabelRenderer, Handle, MarkerType, Position, ReactFlow, getBezierPath, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { IconAlertTriangle, IconArrowFork } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditableGame } from '@streethunt/shared';
import { firstWords } from './first-words.ts';
import { NODE_WIDTH, flowGraph, type GraphEdge, type GraphNode } from './flow-graph.ts';
import { optionLabel } from './flow-rules.ts';
import classes from './flow-view.module.css';

type QuestionData = { node: Extract<GraphNode, { kind: 'question' }>; text: string; onSelect(index: number): void };
type EndData = { kind: 'start' | 'end' };


const EDGE_COLOR: Record<GraphEdge['kind'], string> = {
  next: 'var(--mantine-color-gray-6)',
  done: 'var(--mantine-color-teal-8)',
  skipped: 'var(--mantine-color-orange-8)',
  chose: 'var(--mantine-color-blue-8)',
  flag: 'var(--mantine-color-grape-8)',
  end: 'var(--mantine-color-red-8)',
};

function QuestionNode({ data }: NodeProps<Node<QuestionData>>) {
  const { t } = useTranslation('studio');
  const { node, text } = data;
  const problem = node.problems.length > 0;
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <UnstyledButton
        className={classes.question}
        data-problem={problem || undefined}
        onClick={() => data.onSelect(node.index)}
        aria-label={t('editor.flowView.edit', { n: node.index + 1 })}
        data-testid="flow-view-node"
        data-question={node.index + 1}
      >
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            {problem && <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-label={t('editor.flowView.problem')} />}
            {node.branch && <IconArrowFork size={16} aria-label={t('editor.flowView.branch')} />}
            <Text fw={700} size="sm">
              {t('editor.flow.questionN', { n: node.index + 1 })}
            </Text>
          </Group>
          {text && (
            <Text size="xs" dir="auto" className={classes.snippet}>
              {text}
            </Text>
          )}
          {node.waits.length > 0 && (
            <Group gap={4}>
              {node.waits.map((wait) => (
                <Badge key={wait} size="xs" variant="outline" color="gray.8">
                  {t(`editor.flowView.waits.${wait}`)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </UnstyledButton>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </>
  );
}

function EndNode({ data }: NodeProps<Node<EndData>>) {
  const { t } = useTranslation('studio');
  return (
    <>
      {data.kind === 'end' && <Handle type="target" position={Position.Top} isConnectable={false} />}
      <div className={classes.terminal} data-testid={`flow-view-${data.kind}`}>
        {t(`editor.flowView.${data.kind}`)}
      </div>
      {data.kind === 'start' && <Handle type="source" position={Position.Bottom} isConnectable={false} />}
    </>
  );
}

type LabelData = { label?: string; slot: number };

/**
 * An edge whose words sit just above the question it leads to, not at its middle: the sides of a fork
 * start at one point, so labels at their middles would cover each other. Several labels into one
 * question stack upwards. HTML, so a Hebrew label reads right to left.
 */
function LabelledEdge(props: EdgeProps<Edge<LabelData>>) {
  const [path] = getBezierPath(props);
  const label = props.data?.label;
  return (
    <>
      <BaseEdge id={props.id} path={path} markerEnd={props.markerEnd} style={props.style} />
      {label && (
        <EdgeLabelRenderer>
          <div
            className={classes.edgeLabel}
            dir="auto"
            style={{ transform: `translate(-50%, -100%) translate(${props.targetX}px, ${props.targetY - 12 - (props.data?.slot ?? 0) * 24}px)` }}
            data-testid="flow-view-edge-label"
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { question: QuestionNode, terminal: EndNode };
const edgeTypes = { labelled: LabelledEdge };

/**
 * The game's flow drawn as a graph (React Flow, loaded only when the creator opens it): which question
 * leads to which, and why (a choice's option, a flag, a skip), where paths end, and which questions the
 * checker finds a problem with. A question's box opens it in the editor. Right to left in Hebrew.
 */
export function FlowView({ game, onSelect }: { game: EditableGame; onSelect(index: number): void }) {
  const { t, i18n } = useTranslation('studio');
  const rtl = i18n.dir() === 'rtl';
  const graph = useMemo(() => flowGraph(game.questions, game.metadata.order), [game.questions, game.metadata.order]);

  const nodes = useMemo<Node[]>(
    () =>
      graph.nodes.map((node) => {
        // Mirrored in Hebrew, so a fork's first option sits where the reader starts.
        const position = { x: (rtl ? -node.x : node.x) - NODE_WIDTH / 2, y: node.y };
        if (node.kind !== 'question') return { id: node.id, type: 'terminal', position, data: { kind: node.kind } satisfies EndData, width: NODE_WIDTH };
        // React Flow lets clicks through to the pane on a node it cannot select or drag; its button must get them.
        return { id: node.id, type: 'question', position, data: { node, text: firstWords(game.questions[node.index]!.content, 48), onSelect } satisfies QuestionData, width: NODE_WIDTH, style: { pointerEvents: 'all' } };
      }),
    [graph, rtl, game.questions, onSelect],
  );

  const edges = useMemo<Array<Edge<LabelData>>>(() => {
    const labelOf = (edge: GraphEdge): string | undefined => {
      const source = game.questions.find((q) => q.id === edge.source);
      let label: string | undefined;
      if (edge.kind === 'chose') {
        const options = source?.answer.kind === 'choice' ? source.answer.options : [];
        const i = options.findIndex((o) => o.id === edge.option);
        label = t('editor.flowView.edge.chose', { option: i >= 0 ? optionLabel(options[i]!, i) : edge.option });
      } else if (edge.kind === 'flag') label = t('editor.flowView.edge.flag', { flag: edge.flag });
      else if (edge.kind === 'done' || edge.kind === 'skipped' || edge.kind === 'end') label = t(`editor.flowView.edge.${edge.kind}`);
      return label && edge.negated ? t('editor.flowView.edge.not', { label }) : label;
    };
    const slots = new Map<string, number>();
    return graph.edges.map((edge): Edge<LabelData> => {
      const label = labelOf(edge);
      const slot = label ? (slots.get(edge.target) ?? 0) : 0;
      if (label) slots.set(edge.target, slot + 1);
      return {
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: 'labelled',
        style: { stroke: EDGE_COLOR[edge.kind], strokeWidth: 2, ...(edge.kind === 'next' && { strokeDasharray: '6 4' }) },
        markerEnd: { type: MarkerType.ArrowClosed, color: EDGE_COLOR[edge.kind] },
        data: { label, slot },
      };
    });
  }, [graph, game.questions, t]);

  const problems = graph.nodes.filter((node) => node.kind === 'question' && node.problems.length > 0).length;
  return (
    <Stack gap="xs" data-testid="flow-view">
      <Text size="sm">{t('editor.flowView.intro')}</Text>
      {problems > 0 && (
        <Text size="sm" c="red.8" data-testid="flow-view-problems">
          {t('editor.flowView.problems', { count: problems })}
        </Text>
      )}
      <div className={classes.canvas} dir="ltr" data-testid="flow-view-canvas">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          ariaLabelConfig={{
            'controls.ariaLabel': t('editor.flowView.controls'),
            'controls.zoomIn.ariaLabel': t('editor.flowView.zoomIn'),
            'controls.zoomOut.ariaLabel': t('editor.flowView.zoomOut'),
            'controls.fitView.ariaLabel': t('editor.flowView.fit'),
          }}
        >
          <Background gap={24} />
          <Controls showInteractive={false} position="bottom-left" />
        </ReactFlow>
      </div>
    </Stack>
  );
}
