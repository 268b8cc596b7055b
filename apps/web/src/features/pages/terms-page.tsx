import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, termsExamples, type Language } from '@streethunt/shared';
import { useVatPercent } from '../../api/public-config.ts';
import { TERMS_NAMESPACE } from '../../i18n/terms-translations.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** The eight sections of the terms of use, in the order of spec section 2. */
export const TERMS_SECTIONS = [
  'introduction',
  'siteContent',
  'fieldSafety',
  'userManagement',
  'builders',
  'marketers',
  'cancellations',
  'law',
] as const;

/** The figures of the terms' examples, worked out by the shared money rules at the server's VAT rate. */
function exampleFigures(vatPercent: number, language: Language): Record<string, string | number> {
  const money = (agorot: number) => formatMoney(agorot, language);
  const figures: Record<string, string | number> = { vat: vatPercent };
  termsExamples(vatPercent).forEach((example, i) => {
    figures[`exVat${i + 1}`] = money(example.exVat);
    figures[`price${i + 1}`] = money(example.price);
    figures[`share${i + 1}`] = money(example.without.builderShare);
    figures[`withAffiliate${i + 1}`] = money(example.with.builderShare);
  });
  return figures;
}

export function Component() {
  const { t, i18n } = useTranslation(TERMS_NAMESPACE);
  usePageTitle(t('terms.title'));
  const figures = exampleFigures(useVatPercent(), i18n.language === 'en' ? 'en' : 'he');
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('terms.title')}</Title>
        {TERMS_SECTIONS.map((section) => (
          <Stack key={section} gap={4} component="section" aria-labelledby={`terms-${section}`}>
            <Title order={2} size="h3" id={`terms-${section}`}>
              {t(`terms.${section}.title`)}
            </Title>
            {(t(`terms.${section}.paragraphs`, { returnObjects: true, ...figures }) as string[]).map((paragraph, i) => (
              <Text key={i}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
