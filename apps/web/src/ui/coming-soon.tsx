import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title.ts';

/** The body of a page whose feature is not built yet. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t(titleKey)}</Title>
        <Text fw={600}>{t('comingSoon.title')}</Text>
        <Text>{t('comingSoon.text')}</Text>
        <Anchor component={Link} to="/games">
          {t('common.backToGames')}
        </Anchor>
      </Stack>
    </Container>
  );
}
