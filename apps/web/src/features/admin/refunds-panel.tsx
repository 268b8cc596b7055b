import { useState } from 'react';
import { Center, Loader, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPurchase } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { NotAllowed, isForbidden } from './admin-page.tsx';
import { payoutsApi, payoutsKeys } from './payouts-api.ts';
import { RefundConfirm } from './refunds-confirm.tsx';
import { RefundsTable } from './refunds-table.tsx';

/** The server's limit on the search text. */
const SEARCH_MAX = 100;

/** The refunds tab of /admin-payouts: the latest purchases searched on the server, each refundable or not. */
export function RefundsPanel() {
  const { t } = useTranslation('studio');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);

  const purchases = useQuery({
    queryKey: payoutsKeys.purchases(q),
    queryFn: ({ signal }) => payoutsApi.purchases(q, signal),
    placeholderData: keepPreviousData,
  });
  useLogOutOnUnauthorized(purchases.error);

  if (isForbidden(purchases.error)) return <NotAllowed />;

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('adminPayouts.refunds.search.label')}
        placeholder={t('adminPayouts.refunds.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={SEARCH_MAX}
        dir="auto"
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
