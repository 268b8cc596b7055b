import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccessibilityReport } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { AdminPage, NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import { errorText } from '../../ui/studio/errors.ts';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { notify } from '../../ui/studio/notify.ts';
import { LoadError, StudioLoader } from '../../ui/studio/studio-page.tsx';
import { accessibilityApi, accessibilityKeys } from './api.ts';

/**
 * `/admin-accessibility-reports`: the barriers reported from the accessibility statement, the newest
 * first, each with a "handled" mark the admin sets (or takes back). The admins' email about a new
 * report links here.
 */
export function Component() {
  const { t } = useTranslation('studio');
  return (
    <AdminPage title={t('adminAccessibility.title')} testId="admin-accessibility-reports-page">
      <Reports />
    </AdminPage>
  );
}

function Reports() {
  const { t, i18n } = useTranslation('studio');
  const [page, setPage] = useState(1);
  const reports = useQuery({
    queryKey: accessibilityKeys.page(page),
    queryFn: ({ signal }) => accessibilityApi.list(page, signal),
    placeholderData: keepPreviousData,
  });
  useLogOutOnUnauthorized(reports.error);

  if (isForbidden(reports.error)) return <NotAllowed />;
  if (reports.isError)
    return <LoadError title={t('adminAccessibility.loadFailed')} error={reports.error} onRetry={() => void reports.refetch()} retrying={reports.isFetching} />;
  if (!reports.data) return <StudioLoader label={t('adminAccessibility.loading')} />;

  const { data, total, open, pageSize } = reports.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack gap="md">
      <Text size="sm">{t('adminAccessibility.intro')}</Text>
      <Text fw={700} role="status" data-testid="accessibility-reports-count">
        {total === 0 ? t('adminAccessibility.none') : `${t('adminAccessibility.total', { count: total })} · ${t('adminAccessibility.open', { count: open })}`}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="accessibility-reports">
        {data.map((report) => (
          <ReportCard key={report._id} report={report} language={i18n.language} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`adminAccessibility.paging.${control}`) })}
          getItemProps={(number) => ({ 'aria-label': t('adminAccessibility.paging.page', { number }) })}
        />
      )}
    </Stack>
  );
}

function ReportCard({ report, language }: { report: AccessibilityReport; language: string }) {
  const { t } = useTranslation('studio');
  const client = useQueryClient();
  const handled = report.handledAt !== null;
  const mark = useMutation({
    mutationFn: () => accessibilityApi.mark(report._id, !handled),
    onSuccess: () => client.invalidateQueries({ queryKey: accessibilityKeys.all }),
    onError: (error) => notify(t, 'red', t('adminAccessibility.markFailed', { reason: errorText(error, t) })),
  });
  const headingId = `accessibility-report-${report._id}`;
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={headingId} data-testid="accessibility-report" data-handled={handled}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h5" id={headingId} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {report.where}
          </Title>
          {/* The label's dark shade on the light background (AA), as ui/studio/status-badge.tsx has it. */}
          <Badge color={handled ? 'gray' : 'yellow'} variant="light" styles={{ label: { color: handled ? 'var(--mantine-color-gray-9)' : '#8f5400' } }}>
            {handled ? t('adminAccessibility.status.handled') : t('adminAccessibility.status.open')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('adminAccessibility.sent', { when: formatDateTime(report.createdAt, language), language: t(`adminAccessibility.language.${report.language}`) })}
        </Text>
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.what}
        </Text>
        <Text size="sm">
          {t('adminAccessibility.answerTo')}{' '}
          {report.email ? (
            <Anchor href={`mailto:${report.email}`} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
              {report.email}
            </Anchor>
          ) : (
            t('adminAccessibility.noEmail')
          )}
        </Text>
        {handled && (
          <Text size="sm" c="dimmed">
            {t('adminAccessibility.handledAt', { when: formatDateTime(report.handledAt, language) })}
          </Text>
        )}
        <Button
          size="xs"
          variant={handled ? 'default' : 'light'}
          loading={mark.isPending}
          onClick={() => mark.mutate()}
          style={{ alignSelf: 'flex-start' }}
          aria-describedby={headingId}
          data-testid="accessibility-report-mark"
        >
          {handled ? t('adminAccessibility.reopen') : t('adminAccessibility.markHandled')}
        </Button>
      </Stack>
    </Card>
  );
}
