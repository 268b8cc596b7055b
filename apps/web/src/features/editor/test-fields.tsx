/**
 * Stand-ins for the editor's field components (fields/, built and tested on their own), so the
 * editor's tests run without Tiptap or Leaflet: the same props, plain inputs. Each test file puts
 * them in place with vi.mock.
 */
import { Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { GameLocation, GameReply } from '@streethunt/shared';

export function RichTextFieldStandIn(props: { label: string; value: string; onChange(html: string): void; dir: 'rtl' | 'ltr'; error?: string; id?: string }) {
  return (
    <Textarea
      id={props.id}
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      dir={props.dir}
      data-testid="rich-text"
    />
  );
}

export function MediaPickerStandIn(props: { label: string; type: 'image' | 'video' | 'audio'; value: string; onChange(url: string): void }) {
  return <TextInput label={props.label} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)} data-testid={`media-${props.type}`} />;
}

/** A point one click away; `others` shown as a count. */
export const STAND_IN_POINT = { lat: 32.08, lng: 34.78 };

export function AreaEditorStandIn(props: { label: string; value: GameLocation | null | undefined; onChange(value: GameLocation | null): void; others: GameLocation[]; error?: string }) {
  return (
    <Stack gap={4} data-testid="area-editor" data-others={props.others.length} data-value={JSON.stringify(props.value ?? null)}>
      <Text>{props.label}</Text>
      <Button onClick={() => props.onChange(STAND_IN_POINT)}>set point</Button>
      {props.error && <Text c="red">{props.error}</Text>}
    </Stack>
  );
}

export function PreviewMapStandIn({ game, currentQuestion }: { game: GameReply; currentQuestion: number }) {
  return <div data-testid="preview-map" data-current={currentQuestion} data-areas={game.questions?.length ?? 0} />;
}
