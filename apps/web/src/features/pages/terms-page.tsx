import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('terms.title'));
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('terms.title')}</Title>
        {TERMS_SECTIONS.map((section) => (
          <Stack key={section} gap={4} component="section" aria-labelledby={`terms-${section}`}>
            <Title order={2} size="h3" id={`terms-${section}`}>
              {t(`terms.${section}.title`)}
            </Title>
            {(t(`terms.${section}.paragraphs`, { returnObjects: true }) as string[]).map((paragraph, i) => (
              <Text key={i}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
