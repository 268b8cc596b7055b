import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import classes from './editor-layout.module.css';

export type EditorTab = 'tree' | 'edit' | 'preview';

/** From here on the three panes stand side by side (about 400 px each); below, they are three tabs. */
export const WIDE_LAYOUT_QUERY = '(min-width: 75em)';

type Props = { tree: ReactNode; panel: ReactNode; preview: ReactNode; tab: EditorTab; onTab(tab: EditorTab): void };

/** The editor's three panes: tree, edit panel, preview; on a phone or a narrow window, tabs. */
export function EditorLayout({ tree, panel, preview, tab, onTab }: Props) {
  const { t } = useTranslation('studio');
  // Read at once, so a wide screen never mounts the tabs first.
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  if (wide) {
    return (
      <div className={classes.panes} data-testid="editor-panes">
        <section aria-label={t('editor.layout.tree')} className={classes.pane}>
          {tree}
        </section>
        <section aria-label={t('editor.layout.edit')} className={classes.pane}>
          {panel}
        </section>
        <section aria-label={t('editor.layout.preview')} className={`${classes.pane} ${classes.preview}`}>
          {preview}
        </section>
      </div>
    );
  }
  return (
    // Only the open tab is mounted: a map in a hidden tab would measure itself as 0 px.
    <Tabs value={tab} onChange={(value) => value && onTab(value as EditorTab)} keepMounted={false} data-testid="editor-tabs">
      <Tabs.List grow>
        <Tabs.Tab value="tree" data-testid="tab-tree">
          {t('editor.layout.tree')}
        </Tabs.Tab>
        <Tabs.Tab value="edit" data-testid="tab-edit">
          {t('editor.layout.edit')}
        </Tabs.Tab>
        <Tabs.Tab value="preview" data-testid="tab-preview">
          {t('editor.layout.preview')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tree" pt="md">
        {tree}
      </Tabs.Panel>
      <Tabs.Panel value="edit" pt="md">
        {panel}
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="md">
        {preview}
      </Tabs.Panel>
    </Tabs>
  );
}
