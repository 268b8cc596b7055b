import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** `/test`: a placeholder heading (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('test.feedbackTitle'));
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t('test.feedbackTitle')}</Title>
    </Container>
  );
}
