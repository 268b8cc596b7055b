import { useState } from 'react';
import { NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useBuildersTexts } from '../../ui/texts/use-builders-texts.ts';
import { formatMoney, MIN_GAME_PRICE, splitSale, termsExamples, type Language } from '@streethunt/shared';
import { CALCULATOR_MAX_PRICE, readCalculatorPrice } from './builders-split.ts';
import { SplitTable } from './builders-split-table.tsx';
import { TitledSection } from './titled-section.tsx';

/** A price (ILS, with VAT) and 'arrived with an affiliate code', split live by the shared money rules. */
export function BuildersCalculator({ vatPercent }: { vatPercent: number }) {
  const { t, i18n } = useBuildersTexts();
  const language: Language = i18n.language === 'en' ? 'en' : 'he';
  const money = (agorot: number) => formatMoney(agorot, language);
  // Starts at the first worked example's price, so the calculator opens agreeing with the table above.
  const [price, setPrice] = useState<string | number>(() => (termsExamples(vatPercent)[0]?.price ?? 0) / 100);
  const [withAffiliate, setWithAffiliate] = useState(false);
  const reading = readCalculatorPrice(price);
  const split = reading.ok ? splitSale({ price: reading.agorot, vatPercent, withAffiliate }) : null;
  const error = reading.ok
    ? undefined
    : t(`builders.calculator.errors.${reading.error}`, { minimum: money(MIN_GAME_PRICE * 100), maximum: money(CALCULATOR_MAX_PRICE * 100) });

  return (
    <TitledSection id="builders-calculator" title={t('builders.calculator.title')} intro={t('builders.calculator.intro')} gap="md">
      <Paper withBorder p="md">
        <Stack gap="md">
          <NumberInput
            label={t('builders.calculator.price')}
            value={price}
            onChange={setPrice}
            error={error}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            hideControls
            maw={240}
            data-testid="calculator-price"
          />
          <Switch
            label={t('builders.calculator.affiliate')}
            checked={withAffiliate}
            onChange={(event) => setWithAffiliate(event.currentTarget.checked)}
            data-testid="calculator-affiliate"
          />
          {/* Said again to screen readers as it changes; the table below gives the detail. */}
          <Text fw={700} aria-live="polite" data-testid="calculator-result">
            {split ? t('builders.calculator.result', { price: money(split.price), share: money(split.builderShare) }) : ''}
          </Text>
          {split && (
            <SplitTable
              labelledBy="builders-calculator"
              testId="calculator-table"
              columns={[{ key: 'amount', label: t(withAffiliate ? 'builders.example.with' : 'builders.example.without'), split }]}
            />
          )}
        </Stack>
      </Paper>
    </TitledSection>
  );
}
