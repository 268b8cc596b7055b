import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_ACCESSIBILITY_NOTES, MAX_WALK_KM, MAX_WALK_MINUTES, STEP_FREE_VALUES, areaCenter, type GameLocation, type StepFree } from '@streethunt/shared';
import { LabelledSegments } from '../../ui/labelled-segments.tsx';
import type { Metadata, Question } from './editor-store.ts';

type Accessibility = NonNullable<Metadata['accessibility']>;

const FIELDSET = { border: 0, padding: 0, margin: 0, minInlineSize: 0 } as const;

/** Nothing stated (unknown, no figures, no notes) is kept as no accessibility at all: the game's content stays as it was. */
function stated(accessibility: Accessibility): Accessibility | undefined {
  const { stepFree, lengthKm, durationMinutes, notes } = accessibility;
  const kept: Accessibility = { stepFree };
  if (lengthKm !== undefined) kept.lengthKm = lengthKm;
  if (durationMinutes !== undefined) kept.durationMinutes = durationMinutes;
  if (notes) kept.notes = notes;
  return stepFree === 'unknown' && Object.keys(kept).length === 1 ? undefined : kept;
}

type Props = {
  accessibility: Metadata['accessibility'];
  onChange(accessibility: Metadata['accessibility']): void;
  /** The walk's length from the stops (shared suggestedLengthKm); null when fewer than two places are set. */
  suggest(): number | null;
  errorOf(path: string): string | undefined;
};

/** The game's accessibility (DESIGN.md section 16): step-free, the walk's length and duration, and notes for players. */
export function AccessibilityFields({ accessibility, onChange, suggest, errorOf }: Props) {
  const { t } = useTranslation('studio');
  const [noSuggestion, setNoSuggestion] = useState(false);
  const current: Accessibility = accessibility ?? { stepFree: 'unknown' };
  const change = (patch: Partial<Accessibility>) => onChange(stated({ ...current, ...patch }));
  return (
    <Stack gap="sm" component="fieldset" style={FIELDSET} data-testid="field-accessibility">
      <Text component="legend" size="sm" fw={500}>
        {t('editor.metadata.accessibility.title')}
      </Text>
      <LabelledSegments
        label={t('editor.metadata.accessibility.stepFree')}
        value={current.stepFree}
        onChange={(stepFree: StepFree) => change({ stepFree })}
        data={STEP_FREE_VALUES.map((value) => ({ value, label: t(`editor.metadata.accessibility.stepFreeValues.${value}`) }))}
        data-testid="field-step-free"
      >
        <Text size="xs" c="dimmed">
          {t('editor.metadata.accessibility.stepFreeHint')}
        </Text>
      </LabelledSegments>
      <NumberInput
        label={t('editor.metadata.accessibility.lengthKm')}
        value={current.lengthKm ?? ''}
        onChange={(value) => change({ lengthKm: typeof value === 'number' && value > 0 ? value : undefined })}
        error={errorOf('metadata.accessibility.lengthKm')}
        min={0}
        max={MAX_WALK_KM}
        clampBehavior="strict"
        decimalScale={1}
        allowNegative={false}
        inputMode="decimal"
        data-testid="field-length-km"
      />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            const km = suggest();
            setNoSuggestion(km === null);
            if (km !== null) change({ lengthKm: Math.max(0.1, km) });
          }}
          data-testid="suggest-length"
        >
          {t('editor.metadata.accessibility.suggest')}
        </Button>
        <Text size="xs" c="dimmed" aria-live="polite">
          {noSuggestion ? t('editor.metadata.accessibility.noSuggestion') : t('editor.metadata.accessibility.suggestHint')}
        </Text>
      </Group>
      <NumberInput
        label={t('editor.metadata.accessibility.durationMinutes')}
        value={current.durationMinutes ?? ''}
        onChange={(value) => change({ durationMinutes: typeof value === 'number' && value >= 1 ? Math.round(value) : undefined })}
        error={errorOf('metadata.accessibility.durationMinutes')}
        min={1}
        max={MAX_WALK_MINUTES}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        data-testid="field-duration-minutes"
      />
      <Textarea
        label={t('editor.metadata.accessibility.notes')}
        description={t('editor.metadata.accessibility.notesHint')}
        value={current.notes ?? ''}
        onChange={(event) => change({ notes: event.currentTarget.value })}
        error={errorOf('metadata.accessibility.notes')}
        maxLength={MAX_ACCESSIBILITY_NOTES}
        autosize
        minRows={2}
        dir="auto"
        data-testid="field-accessibility-notes"
      />
    </Stack>
  );
}

type StopProps = {
  index: number;
  question: Pick<Question, 'stepFree' | 'alternative' | 'location'>;
  /** Where a new alternative spot starts when the stop has no area: the game's start. */
  start: GameLocation | null | undefined;
  onChange(patch: Partial<Pick<Question, 'stepFree' | 'alternative'>>): void;
};

/** A stop's step-free mark, and another spot for players who cannot reach this one (the top of stairs). */
export function StopAccessibilityField({ index, question, start, onChange }: StopProps) {
  const { t } = useTranslation('studio');
  const alternative = question.alternative;
  const origin = question.location ?? start;
  const setPoint = (key: 'lat' | 'lng', value: number | string) => {
    if (!alternative || typeof value !== 'number') return;
    onChange({ alternative: { ...alternative, location: { ...alternative.location, [key]: value } } });
  };
  return (
    <Stack gap="sm" component="fieldset" style={FIELDSET} data-testid="field-stop-accessibility">
      <Text component="legend" size="sm" fw={500}>
        {t('editor.stopAccessibility.title')}
      </Text>
      <Checkbox
        label={t('editor.stopAccessibility.stepFree')}
        checked={question.stepFree === true}
        onChange={(event) => onChange({ stepFree: event.currentTarget.checked ? true : undefined })}
        data-testid={`field-stop-step-free-${index}`}
      />
      <Checkbox
        label={t('editor.stopAccessibility.alternative')}
        description={t('editor.stopAccessibility.alternativeHint')}
        checked={alternative !== undefined}
        onChange={(event) =>
          onChange({ alternative: event.currentTarget.checked ? { location: origin ? areaCenter(origin) : { lat: 32.0853, lng: 34.7818 } } : undefined })
        }
        data-testid={`field-stop-alternative-${index}`}
      />
      {alternative && (
        <>
          <Group grow gap="xs" dir="ltr">
            <NumberInput
              label={t('editor.stopAccessibility.lat')}
              value={alternative.location.lat}
              onChange={(value) => setPoint('lat', value)}
              min={-90}
              max={90}
              decimalScale={6}
              clampBehavior="strict"
              inputMode="decimal"
              data-testid={`field-alternative-lat-${index}`}
            />
            <NumberInput
              label={t('editor.stopAccessibility.lng')}
              value={alternative.location.lng}
              onChange={(value) => setPoint('lng', value)}
              min={-180}
              max={180}
              decimalScale={6}
              clampBehavior="strict"
              inputMode="decimal"
              data-testid={`field-alternative-lng-${index}`}
            />
          </Group>
          <Textarea
            label={t('editor.stopAccessibility.note')}
            value={alternative.note ?? ''}
            onChange={(event) => {
              const note = event.currentTarget.value;
              const { note: _old, ...rest } = alternative;
              onChange({ alternative: note ? { ...rest, note } : rest });
            }}
            maxLength={MAX_ACCESSIBILITY_NOTES}
            autosize
            minRows={1}
            dir="auto"
            data-testid={`field-alternative-note-${index}`}
          />
        </>
      )}
    </Stack>
  );
}
