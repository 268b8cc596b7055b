import type { AdminTab, AdminTabsFrame } from '../ui/studio/admin-tabs-page.tsx';

/**
 * Loads an admin page whose tabs are panels of different features. Features never import each other
 * (DESIGN.md section 9), so the app puts such a page together: the shared frame and each feature's tab,
 * fetched on demand like every other page.
 */
function adminTabsPage(frame: AdminTabsFrame, loadTabs: readonly (() => Promise<AdminTab>)[]) {
  return async () => {
    const [{ AdminTabsPage }, tabs] = await Promise.all([import('../ui/studio/admin-tabs-page.tsx'), Promise.all(loadTabs.map((load) => load()))]);
    function Component() {
      return <AdminTabsPage frame={frame} tabs={tabs} />;
    }
    return { Component };
  };
}

/** `/admin-users`, the menu's affiliates/users item: the registered users, and the landing forms' leads (`?tab=leads`). */
export const adminUsersPage = adminTabsPage({ title: 'adminUsers.title', tabsLabel: 'adminLeads.tabs.label', testId: 'admin-users-page' }, [
  () => import('../features/users/users-panel.tsx').then((module) => module.usersTab),
  () => import('../features/leads/leads-panel.tsx').then((module) => module.leadsTab),
]);

/** `/admin-payouts`: the month's payouts to builders and affiliates, and refunds (`?tab=refunds`). */
export const adminPayoutsPage = adminTabsPage({ title: 'adminPayouts.title', tabsLabel: 'adminPayouts.tabs.label', testId: 'admin-payouts-page' }, [
  () => import('../features/payouts/payouts-panel.tsx').then((module) => module.payoutsTab),
  () => import('../features/refunds/refunds-panel.tsx').then((module) => module.refundsTab),
]);
