import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** `/home` and `/about`: the page is not ready, with a link to the games (spec section 2). */
export function Placeholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t(titleKey)}</Title>
        <Text>{t('placeholder.notReady')}</Text>
        <Anchor component={Link} to="/games">
          {t('placeholder.toGames')}
        </Anchor>
      </Stack>
    </Container>
  );
}
