import { NumberInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  builderEarnings,
  formatMoney,
  LANGUAGES,
  MAX_LINE_TEXT,
  MAX_LOCATION_TEXT,
  MAX_PRICE,
  MAX_WRONG_ATTEMPT_PENALTY,
  MIN_GAME_PRICE,
  maxFreeQuestions,
  QUESTION_ORDERS,
  readPrice,
  type Language,
} from '@streethunt/shared';
import { useVatPercent } from '../../api/public-config.ts';
import { LabelledSegments } from '../../ui/labelled-segments.tsx';
import { AccessibilityFields } from './accessibility-fields.tsx';
import type { Metadata } from './editor-store.ts';
import { MediaPicker } from './fields/media-picker.tsx';

type Props = {
  metadata: Metadata;
  /** How many questions the game has: a trial may give at most half of them free. */
  questionCount: number;
  onChange(patch: Partial<Metadata>): void;
  /** The walk's length in km from the stops' areas (shared suggestedLengthKm), or null. */
  suggestLengthKm(): number | null;
  /** The translated error of a field path (`metadata.name`), if any. */
  errorOf(path: string): string | undefined;
};

/**
 * What the creator receives per sale at the price typed, live, by the same shared rules as the terms,
 * the builders page and the reports (the price includes VAT; the shares are of the price before it).
 */
function PriceEarnings({ price }: { price: Metadata['price'] }) {
  const { t, i18n } = useTranslation('studio');
  const vatPercent = useVatPercent();
  const reading = readPrice(price);
  const language: Language = i18n.language === 'en' ? 'en' : 'he';
  const earnings = reading.kind === 'amount' ? builderEarnings(reading.agorot, vatPercent) : null;
  return (
    <Text size="sm" id="editor-earnings" aria-live="polite" data-testid="price-earnings" mt={-8}>
      {earnings &&
        t('editor.metadata.earnings', { perSale: formatMoney(earnings.perSale, language), withAffiliate: formatMoney(earnings.withAffiliate, language), vat: vatPercent })}
    </Text>
  );
}

/** General details (spec section 3, metadata): name, city, start place, price, currency, language, map, cover and scoring. */
export function MetadataPanel({ metadata, questionCount, onChange, suggestLengthKm, errorOf }: Props) {
  const { t } = useTranslation('studio');
  return (
    <Stack gap="md">
      <TextInput
        label={t('editor.metadata.name')}
        value={metadata.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errorOf('metadata.name')}
        maxLength={MAX_LINE_TEXT}
        dir="auto"
        data-testid="field-name"
      />
      <TextInput
        label={t('editor.metadata.city')}
        value={metadata.locationCity}
        onChange={(event) => onChange({ locationCity: event.currentTarget.value })}
        error={errorOf('metadata.locationCity')}
        maxLength={MAX_LINE_TEXT}
        dir="auto"
        data-testid="field-city"
      />
      <Textarea
        label={t('editor.metadata.locationText')}
        description={t('editor.metadata.locationTextHint')}
        value={metadata.locationText}
        onChange={(event) => onChange({ locationText: event.currentTarget.value })}
        error={errorOf('metadata.locationText')}
        maxLength={MAX_LOCATION_TEXT}
        autosize
        minRows={2}
        dir="auto"
        data-testid="field-location-text"
      />
      <NumberInput
        label={t('editor.metadata.price')}
        description={t('editor.metadata.priceHint', { min: MIN_GAME_PRICE })}
        value={metadata.price}
        onChange={(value) => onChange({ price: value === '' ? '' : Number(value) })}
        error={errorOf('metadata.price')}
        min={0}
        max={MAX_PRICE}
        clampBehavior="strict"
        decimalScale={2}
        allowNegative={false}
        leftSection={<span aria-hidden>₪</span>}
        inputMode="decimal"
        aria-describedby="editor-earnings"
        data-testid="field-price"
      />
      <PriceEarnings price={metadata.price} />
      <NumberInput
        label={t('editor.metadata.groupPrice')}
        description={t('editor.metadata.groupPriceHint')}
        value={metadata.groupPrice ?? ''}
        onChange={(value) => onChange({ groupPrice: value === '' ? '' : Number(value) })}
        error={errorOf('metadata.groupPrice')}
        min={0}
        max={MAX_PRICE}
        clampBehavior="strict"
        decimalScale={2}
        allowNegative={false}
        leftSection={<span aria-hidden>₪</span>}
        inputMode="decimal"
        data-testid="field-group-price"
      />
      <NumberInput
        label={t('editor.metadata.freeQuestions')}
        description={t('editor.metadata.freeQuestionsHint', { max: maxFreeQuestions(questionCount) })}
        value={metadata.freeQuestions ?? 0}
        onChange={(value) => onChange({ freeQuestions: typeof value === 'number' ? Math.max(0, Math.round(value)) : 0 })}
        error={errorOf('metadata.freeQuestions')}
        min={0}
        max={maxFreeQuestions(questionCount)}
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        data-testid="field-free-questions"
      />
      <TextInput label={t('editor.metadata.currency')} description={t('editor.metadata.currencyHint')} value="ILS" readOnly dir="ltr" />
      <LabelledSegments
        label={t('editor.metadata.language')}
        value={metadata.language}
        onChange={(language) => onChange({ language })}
        data={LANGUAGES.map((language) => ({ value: language, label: t(`editor.metadata.languages.${language}`) }))}
        data-testid="field-language"
      />
      <Switch
        label={t('editor.metadata.map')}
        description={t('editor.metadata.mapHint')}
        checked={metadata.map}
        onChange={(event) => onChange({ map: event.currentTarget.checked })}
        data-testid="field-map"
      />
      <MediaPicker label={t('editor.metadata.cover')} type="image" value={metadata.coverImage} onChange={(coverImage) => onChange({ coverImage })} />
      <ScoringFields scoring={metadata.scoring} onChange={(scoring) => onChange({ scoring })} />
      <LabelledSegments
        label={t('editor.metadata.order')}
        value={metadata.order}
        onChange={(order) => onChange({ order })}
        data={QUESTION_ORDERS.map((order) => ({ value: order, label: t(`editor.metadata.orders.${order}`) }))}
        data-testid="field-order"
      >
        <Text size="xs" c="dimmed">
          {t(`editor.metadata.orderHint.${metadata.order}`)}
        </Text>
      </LabelledSegments>
      <AccessibilityFields accessibility={metadata.accessibility} onChange={(accessibility) => onChange({ accessibility })} suggest={suggestLengthKm} errorOf={errorOf} />
    </Stack>
  );
}

/** The game's scoring: points off per wrong attempt (0: none, the spec's rule) and whether time counts. */
function ScoringFields({ scoring, onChange }: { scoring: Metadata['scoring']; onChange(scoring: Metadata['scoring']): void }) {
  const { t } = useTranslation('studio');
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {t('editor.metadata.scoring')}
      </Text>
      <NumberInput
        label={t('editor.metadata.wrongAttemptPenalty')}
        description={t('editor.metadata.wrongAttemptPenaltyHint')}
        value={scoring.wrongAttemptPenalty}
        onChange={(value) => onChange({ ...scoring, wrongAttemptPenalty: typeof value === 'number' ? Math.min(MAX_WRONG_ATTEMPT_PENALTY, Math.max(0, Math.round(value))) : 0 })}
        min={0}
        max={MAX_WRONG_ATTEMPT_PENALTY}
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        data-testid="field-wrong-attempt-penalty"
      />
      <Switch
        label={t('editor.metadata.timePenalty')}
        description={t('editor.metadata.timePenaltyHint')}
        checked={scoring.timePenalty}
        onChange={(event) => onChange({ ...scoring, timePenalty: event.currentTarget.checked })}
        data-testid="field-time-penalty"
      />
    </Stack>
  );
}
