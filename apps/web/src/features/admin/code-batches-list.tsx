import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CodeBatch } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { LoadError, StudioLoader } from '../../ui/studio/studio-page.tsx';
import { adminApi, adminKeys } from './api.ts';
import { NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';

/** Who made a batch: their name, or their email when the name is empty. */
function creatorOf({ createdBy }: CodeBatch): string {
  return `${createdBy.firstName} ${createdBy.lastName}`.trim() || createdBy.email;
}

/** The batches already generated for the picked game, newest first; each can be shown again in the result table. */
export function CodeBatchesList({ gameId, onOpen }: { gameId: string; onOpen(batch: CodeBatch): void }) {
  const { t, i18n } = useTranslation('studio');
  const batches = useQuery({ queryKey: adminKeys.codeBatches(gameId), queryFn: ({ signal }) => adminApi.codeBatches(gameId, signal) });
  useLogOutOnUnauthorized(batches.error);

  return (
    <Stack gap="sm" data-testid="code-batches">
      <Title order={2} size="h3">
        {t('adminCodes.batches.title')}
      </Title>
      {batches.isPending ? (
        <StudioLoader label={t('adminCodes.batches.loading')} />
      ) : isForbidden(batches.error) ? (
        <NotAllowed />
      ) : batches.isError ? (
        <LoadError title={t('adminCodes.batches.loadFailed')} error={batches.error} onRetry={() => void batches.refetch()} retrying={batches.isFetching} />
      ) : batches.data.length === 0 ? (
        <Text c="dimmed" data-testid="code-batches-empty">
          {t('adminCodes.batches.empty')}
        </Text>
      ) : (
        // Scrolls inside itself on a narrow phone rather than widening the page.
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('adminCodes.batches.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminCodes.batches.date')}</Table.Th>
                <Table.Th scope="col">{t('adminCodes.batches.by')}</Table.Th>
                <Table.Th scope="col">{t('adminCodes.batches.count')}</Table.Th>
                <Table.Th scope="col">{t('adminCodes.batches.prefix')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('adminCodes.batches.open')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.data.map((batch) => {
                const date = formatDateTime(batch.createdAt, i18n.language);
                return (
                  <Table.Tr key={batch._id} data-testid="code-batch">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{date}</Table.Td>
                    <Table.Td>
                      <bdi dir="auto">{creatorOf(batch)}</bdi>
                    </Table.Td>
                    <Table.Td>{batch.count}</Table.Td>
                    <Table.Td>
                      {batch.prefix ? (
                        <Text span ff="monospace" dir="ltr">
                          {batch.prefix}
                        </Text>
                      ) : (
                        t('adminCodes.batches.noPrefix')
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => onOpen(batch)} aria-label={t('adminCodes.batches.openLabel', { date })}>
                        {t('adminCodes.batches.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
