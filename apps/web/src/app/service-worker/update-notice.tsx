import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Group, MantineProvider, Paper, Text } from '@mantine/core';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { theme } from '../app.tsx';
import { directionOf } from '../../i18n/setup.ts';
import en from '../../i18n/app/update.en.json';
import he from '../../i18n/app/update.he.json';
import type { PendingUpdate } from './register.ts';

/** The notice's texts: a namespace of their own, in this chunk, which loads only when an update waits. */
const NAMESPACE = 'update';

type Props = { update: PendingUpdate; inPlay(): boolean; onClose(): void };

/**
 * 'A new version is ready': a slim bar at the top of the screen, over the header, so it never covers
 * the answer box (which sits low, above the keyboard). Outside a game the player updates with a tap;
 * in a game it also updates by itself between questions (register.ts).
 */
function UpdateNotice({ update, inPlay, onClose }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [waiting, setWaiting] = useState(false);
  const playing = inPlay();
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="update-notice"
      dir={directionOf(i18n.language)}
      lang={i18n.language}
      shadow="md"
      withBorder
      p="xs"
      style={{ position: 'fixed', top: 'calc(env(safe-area-inset-top, 0px) + 6px)', insetInline: 8, zIndex: 1000, maxWidth: 560, marginInline: 'auto' }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" style={{ minWidth: 0 }}>
          {t('ready')} {(playing || waiting) && t('inPlay')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" data-testid="update-apply" onClick={() => setWaiting(!update.apply())}>
            {t('apply')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={onClose}>
            {t('later')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

let shown = false;
/** The newest version offered: a later deploy replaces the one the notice first offered. */
let latest: PendingUpdate | null = null;

/** Draws the notice in a root of its own, outside the app's tree (so the app's first load carries none of it). */
export function showUpdateNotice(update: PendingUpdate, inPlay: () => boolean): void {
  i18next.addResourceBundle('he', NAMESPACE, he, true, true);
  i18next.addResourceBundle('en', NAMESPACE, en, true, true);
  latest = update;
  if (shown) return;
  shown = true;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
    shown = false;
  };
  // The app's provider already wrote the CSS variables and global classes.
  root.render(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <UpdateNotice update={{ apply: () => latest?.apply() ?? false }} inPlay={inPlay} onClose={close} />
    </MantineProvider>,
  );
}
