import type { ComponentType } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from './admin-page.tsx';

/** One tab of an admin page: a feature's panel, and the address that opens it (`?tab=` names it). */
export type AdminTab = {
  value: string;
  /** The tab's name, a key of the `studio` texts. */
  label: string;
  /** The address the tab sets when chosen (the first tab's may be empty: it is the default). */
  address: Record<string, string>;
  Panel: ComponentType;
};

/** The page around the tabs: its title and the tab list's name (keys of the `studio` texts), and its test id. */
export type AdminTabsFrame = { title: string; tabsLabel: string; testId: string };

/**
 * An admin page of tabs, each a panel of its own feature (the features never import each other: the
 * app puts the tabs together). The tab is kept in the address, `?tab=` naming it; any other value is
 * the first tab. Panels are mounted only while shown, so a hidden tab fetches nothing.
 */
export function AdminTabsPage({ frame, tabs }: { frame: AdminTabsFrame; tabs: readonly AdminTab[] }) {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const current = tabs.find((tab) => tab.value === params.get('tab')) ?? tabs[0];
  return (
    <AdminPage title={t(frame.title)} testId={frame.testId}>
      <Tabs value={current.value} onChange={(next) => setParams(tabs.find((tab) => tab.value === next)?.address ?? {})} keepMounted={false}>
        <Tabs.List aria-label={t(frame.tabsLabel)}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </AdminPage>
  );
}
