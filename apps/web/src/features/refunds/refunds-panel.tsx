import { useState } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPurchase } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { SearchInput } from '../../ui/paged-table/search-input.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import type { AdminTab } from '../../ui/studio/admin-tabs-page.tsx';
import { refundsApi, refundsKeys } from './api.ts';
import { RefundConfirm } from './refunds-confirm.tsx';
import { RefundsTable } from './refunds-table.tsx';

/** The server's limit on the search text. */
const SEARCH_MAX = 100;

const REFUNDS_TAB = 'refunds';

/** The refunds tab of /admin-payouts: the latest purchases searched on the server, each refundable or not. */
function RefundsPanel() {
  const { t } = useTranslation('studio');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);

  const purchases = useQuery({
    queryKey: refundsKeys.purchases(q),
    queryFn: ({ signal }) => refundsApi.purchases(q, signal),
    placeholderData: keepPreviousData,
  });
  useLogOutOnUnauthorized(purchases.error);

  if (isForbidden(purchases.error)) return <NotAllowed />;

  return (
    <Stack gap="md">
      <SearchInput
        label={t('adminPayouts.refunds.search.label')}
        placeholder={t('adminPayouts.refunds.search.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={SEARCH_MAX}
        maw="100%"
        w="28rem"
      />
      {purchases.isError ? (
        <LoadError title={t('adminPayouts.refunds.loadFailed')} error={purchases.error} onRetry={() => void purchases.refetch()} retrying={purchases.isFetching} />
      ) : purchases.data ? (
        <RefundsTable purchases={purchases.data} searched={q} fetching={purchases.isFetching} onRefund={setRefunding} />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('studio.loading')} />
        </Center>
      )}
      <RefundConfirm purchase={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  );
}

/** The second tab of /admin-payouts (`?tab=refunds`). */
export const refundsTab: AdminTab = { value: REFUNDS_TAB, label: 'adminPayouts.tabs.refunds', address: { tab: REFUNDS_TAB }, Panel: RefundsPanel };
