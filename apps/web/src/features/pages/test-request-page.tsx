import { Alert, Code, Container, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../api/client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** `/test/request`: the raw JSON of GET /api/test/request. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('test.requestTitle'));
  const query = useQuery({ queryKey: ['test-request'], queryFn: () => apiRequest('/api/test/request') });
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('test.requestTitle')}</Title>
        {query.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {query.isError && <Alert color="red">{query.error.message}</Alert>}
        {query.data !== undefined && (
          <Code block dir="ltr" data-testid="raw-json" tabIndex={0}>
            {JSON.stringify(query.data, null, 2)}
          </Code>
        )}
      </Stack>
    </Container>
  );
}
