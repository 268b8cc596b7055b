import '../../ui/studio/data-table-styles.ts';
import { useEffect } from 'react';
import { Group, Loader, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { LoadError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { reportsApi, reportsKeys, isGrantRefused } from './api.ts';
import { MonthRange } from './month-range.tsx';
import { parseRange, rangeParams } from './report-range.ts';
import { ReportView } from './report-view.tsx';
import { UnlockForm } from './unlock-form.tsx';
import { useReportsGrant } from './use-reports-grant.ts';

/**
 * `/reports`: the user's finance reports (spec section 2; the terms: 'account status is viewed on a
 * dedicated page reached by password'). Logged out: the login page and back. Then the password again,
 * for a short grant kept in memory; then the months (in the address) and the report.
 */
function ReportsPage() {
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const access = useReportsGrant();
  return (
    <StudioPage title={t('finance.title')} testId="reports-page">
      {session.status !== 'in' ? (
        <StudioLoader label={t('studio.loading')} />
      ) : access.grant ? (
        <Report grant={access.grant.grant} onGrantRefused={access.close} />
      ) : (
        <UnlockForm expired={access.expired} onUnlocked={access.open} onUnauthorized={session.endOnUnauthorized} />
      )}
    </StudioPage>
  );
}

/** A 4xx will not change by asking again (and a refused grant must go straight back to the password). */
const retryServerErrors = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status < 500);

function Report({ grant, onGrantRefused }: { grant: string; onGrantRefused(): void }) {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const range = parseRange(params);
  const report = useQuery({
    queryKey: reportsKeys.report(range, grant),
    queryFn: ({ signal }) => reportsApi.report(range, grant, signal),
    // The months shown stay while other months load.
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  useLogOutOnUnauthorized(report.error);
  const refused = isGrantRefused(report.error);
  useEffect(() => {
    if (refused) onGrantRefused();
  }, [refused, onGrantRefused]);

  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end">
        <MonthRange range={range} onChange={(next) => setParams(rangeParams(next))} />
        {report.isPlaceholderData && <Loader size="sm" role="status" aria-label={t('finance.fetching')} />}
      </Group>
      {report.isError && !refused ? (
        <LoadError title={t('finance.loadFailed')} error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : report.data && !refused ? (
        <ReportView report={report.data} />
      ) : (
        <StudioLoader label={t('finance.loading')} />
      )}
    </Stack>
  );
}

export { ReportsPage as Component };
