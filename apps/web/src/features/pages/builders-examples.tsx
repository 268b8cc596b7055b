import { Stack, Title } from '@mantine/core';
import { useBuildersTexts } from '../../ui/texts/use-builders-texts.ts';
import { formatMoney, termsExamples, type Language } from '@streethunt/shared';
import { SplitTable } from './builders-split-table.tsx';
import { TitledSection } from './titled-section.tsx';

/** The terms' two example games, split by the shared money rules (never typed-in numbers). */
export function BuildersExamples({ vatPercent }: { vatPercent: number }) {
  const { t, i18n } = useBuildersTexts();
  const language: Language = i18n.language === 'en' ? 'en' : 'he';
  const money = (agorot: number) => formatMoney(agorot, language);
  return (
    <TitledSection id="builders-example" title={t('builders.example.title')} intro={t('builders.example.intro', { vat: vatPercent })} gap="lg">
      {termsExamples(vatPercent).map((example, index) => {
        const headingId = `builders-example-${index + 1}`;
        return (
          <Stack key={example.price} gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {t('builders.example.caption', { price: money(example.price), exVat: money(example.exVat), vat: vatPercent })}
            </Title>
            <SplitTable
              labelledBy={headingId}
              testId={headingId}
              columns={[
                { key: 'without', label: t('builders.example.without'), split: example.without },
                { key: 'with', label: t('builders.example.with'), split: example.with },
              ]}
            />
          </Stack>
        );
      })}
    </TitledSection>
  );
}
