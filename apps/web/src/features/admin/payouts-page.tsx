import '../../ui/studio/data-table-styles.ts';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from './admin-page.tsx';
import { PayoutsPanel } from './payouts-panel.tsx';
import { RefundsPanel } from './refunds-panel.tsx';

const REFUNDS_TAB = 'refunds';

/** `/admin-payouts` (issue 10 item 5): the month's payouts to builders and affiliates, and refunds (`?tab=refunds`). */
function PayoutsPage() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === REFUNDS_TAB ? REFUNDS_TAB : 'payouts';
  return (
    <AdminPage title={t('adminPayouts.title')} testId="admin-payouts-page">
      <Tabs value={tab} onChange={(next) => setParams({ tab: next === REFUNDS_TAB ? REFUNDS_TAB : 'payouts' })} keepMounted={false}>
        <Tabs.List aria-label={t('adminPayouts.tabs.label')}>
          <Tabs.Tab value="payouts">{t('adminPayouts.tabs.payouts')}</Tabs.Tab>
          <Tabs.Tab value={REFUNDS_TAB}>{t('adminPayouts.tabs.refunds')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payouts" pt="md">
          <PayoutsPanel />
        </Tabs.Panel>
        <Tabs.Panel value={REFUNDS_TAB} pt="md">
          <RefundsPanel />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}

export { PayoutsPage as Component };
