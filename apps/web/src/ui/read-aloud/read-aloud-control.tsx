import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ActionIcon, Alert, Group, Switch, Tooltip } from '@mantine/core';
import { IconPlayerStopFilled, IconVolume } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import type { ReadItem } from './read-item.ts';
import { chooseReadAloud, choosePlayRecordings, onPlayRecordingsSetting, onReadAloudSetting, playRecordingsSetting, readAloudSetting } from './read-aloud-setting.ts';
import { checkVoice, htmlToSpeech, isSpeaking, onSpeakingChange, speak, stopSpeaking, type VoiceCheck } from './speech.ts';

function useSpeaking(): boolean {
  return useSyncExternalStore(
    (listener) => onSpeakingChange(() => listener()),
    isSpeaking,
    () => false,
  );
}

const textOf = (items: readonly ReadItem[]) => items.flatMap((item) => item.lines.map(htmlToSpeech)).join('\n');

/**
 * The read-aloud switch of a game screen (the choice is kept on this phone, for every game). While it
 * is on, the screen's `onShow` items are read when `scope` is first shown or the switch is turned on,
 * and each item that appears later as it appears, instead of what was being read; 'read again' /
 * 'stop' beside it. Leaving the screen stops the reading. Where the phone cannot read the game's
 * language aloud, a message says so; the page itself works on, with or without a screen reader. With
 * `recordings` (the screen has a creator's recording), a second switch beside it: play a question's
 * recording as soon as it opens (off by default, kept on this phone too).
 */
export default function ReadAloudControl({ scope, items, language, recordings = false }: { scope: string; items: readonly ReadItem[]; language: Language; recordings?: boolean }) {
  const { t } = useTranslation();
  const on = useSyncExternalStore(onReadAloudSetting, readAloudSetting, () => false);
  const playOnArrival = useSyncExternalStore(onPlayRecordingsSetting, playRecordingsSetting, () => false);
  const speaking = useSpeaking();
  const [voice, setVoice] = useState<VoiceCheck | null>(null);
  const seen = useRef<{ scope: string; keys: Set<string> } | null>(null);
  // The items of the last render, for the effects and 'read again' (which run after it).
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });

  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    void checkVoice(language).then((check) => {
      if (!cancelled) setVoice(check);
    });
    return () => {
      cancelled = true;
    };
  }, [on, language]);

  const read = useCallback(
    (chosen: readonly ReadItem[]) => {
      const text = textOf(chosen);
      if (voice?.kind === 'ready' && text.trim()) speak(text, language, voice.voice);
    },
    [language, voice],
  );

  const keys = items.map((item) => item.key).join('\n');
  useEffect(() => {
    if (!on || voice?.kind !== 'ready') {
      seen.current = null;
      return;
    }
    const current = latest.current;
    const before = seen.current?.scope === scope ? seen.current.keys : null;
    const fresh = before ? current.filter((item) => !before.has(item.key)) : current.filter((item) => item.onShow);
    seen.current = { scope, keys: new Set(current.map((item) => item.key)) };
    if (fresh.length > 0) read(fresh);
  }, [on, voice, scope, keys, read]);

  // Leaving the screen (another question, another page) stops what it was reading.
  useEffect(() => () => stopSpeaking(), [scope]);

  const replay = () => {
    if (isSpeaking()) stopSpeaking();
    else read(latest.current.filter((item) => item.onShow));
  };
  const replayLabel = speaking ? t('player.readAloud.stop') : t('player.readAloud.again');

  return (
    <>
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={36} data-testid="read-aloud">
        <Switch
          checked={on}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            if (!next) stopSpeaking();
            chooseReadAloud(next);
          }}
          label={t('player.readAloud.label')}
          data-testid="read-aloud-switch"
        />
        {on && voice?.kind === 'ready' && (
          <Tooltip label={replayLabel}>
            <ActionIcon variant="light" size="lg" aria-label={replayLabel} onClick={replay} data-testid="read-aloud-replay" data-speaking={speaking}>
              {speaking ? <IconPlayerStopFilled size={18} aria-hidden /> : <IconVolume size={20} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {on && voice && voice.kind !== 'ready' && (
        <Alert color="yellow" variant="light" role="status" data-testid="read-aloud-unavailable">
          {voice.kind === 'unsupported' ? t('player.readAloud.unsupported') : t('player.readAloud.noVoice', { language: t(`player.readAloud.languages.${language}`) })}
        </Alert>
      )}
      {recordings && (
        <Group mih={36} data-testid="play-recordings">
          <Switch
            checked={playOnArrival}
            onChange={(event) => choosePlayRecordings(event.currentTarget.checked)}
            label={t('player.recording.playOnArrival')}
            data-testid="play-recordings-switch"
          />
        </Group>
      )}
    </>
  );
}
