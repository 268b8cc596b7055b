import { useRef, useState } from 'react';
import { Button, FileButton, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GAME_EXPORT_FORMAT, MAX_JSON_BODY_BYTES, MAX_OPEN_FORMAT_BYTES, type ImportReadReply } from '@streethunt/shared';
import { myGamesApi, myGamesKeys } from './api.ts';
import { errorText } from '../../ui/studio/errors.ts';
import { ApiError } from '../../api/client.ts';

/** Our own export file, or a file in an open format (GPX, KML, KMZ, geo-tales JSON). */
const ACCEPTED = 'application/json,.json,.gpx,.kml,.kmz,application/gpx+xml,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz';

/** The chosen `.json` file is not JSON at all; anything else about it is the server's to judge. */
class NotJsonError extends Error {}

type Read = { fileName: string; reply: ImportReadReply['data'] };

/** Our own export file as JSON, or null when the file is something the server reads as an open format. */
async function ownExportFile(file: File): Promise<unknown> {
  const looksJson = file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
  if (!looksJson) return null;
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new NotJsonError(file.name);
  }
  // Anything else that is JSON may be a geo-tales story.
  return typeof json === 'object' && json !== null && (json as { format?: unknown }).format === GAME_EXPORT_FORMAT ? json : null;
}

/**
 * Importing a game from a file (docs/game-export.md, docs/open-formats.md): our own export file becomes a
 * draft at once; a GPX, KML, KMZ or geo-tales file is first read by the server and what was read is
 * shown (`read`) until the creator confirms, then stored the same way. The new draft opens in the
 * editor. `error` is what to tell the creator when it fails.
 */
export function useImportGame(onUnauthorized: (error: unknown) => void) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [read, setRead] = useState<Read | null>(null);
  const create = useMutation({
    mutationFn: (file: unknown) => myGamesApi.importGame(file),
    onSuccess: async (gameId) => {
      setRead(null);
      await queryClient.invalidateQueries({ queryKey: myGamesKeys.list });
      navigate(`/game-editor/${encodeURIComponent(gameId)}`);
    },
    onError: onUnauthorized,
  });
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      create.reset();
      const own = await ownExportFile(file);
      if (own) {
        create.mutate(own);
        return;
      }
      setRead({ fileName: file.name, reply: await myGamesApi.readOpenFormat(file) });
    },
    onError: onUnauthorized,
  });
  const failed = mutation.isError ? mutation.error : create.isError ? create.error : null;
  let error: string | null = null;
  if (failed instanceof NotJsonError) error = t('myGames.import.notJson', { file: failed.message });
  // Our own export file travels as JSON; a file in an open format as its bytes, with a larger cap.
  else if (failed instanceof ApiError && failed.status === 413) error = t('myGames.import.tooLarge', { max: Math.round((failed === create.error ? MAX_JSON_BODY_BYTES : MAX_OPEN_FORMAT_BYTES) / (1024 * 1024)) });
  else if (failed) error = t('myGames.import.failed', { reason: errorText(failed, t) });
  return {
    mutation,
    pending: mutation.isPending || create.isPending,
    read,
    confirm: () => read && create.mutate(read.reply.file),
    cancel: () => setRead(null),
    creating: create.isPending,
    error,
  };
}

export type ImportGame = ReturnType<typeof useImportGame>;

/** Picks a file and imports it; for an open format, first shows what was read. */
export function ImportGameButton({ importGame }: { importGame: ImportGame }) {
  const { t } = useTranslation('studio');
  const resetRef = useRef<() => void>(null);
  const pick = (file: File | null) => {
    // Cleared, so choosing the same file again (after fixing it) fires again.
    resetRef.current?.();
    if (file) importGame.mutation.mutate(file);
  };
  return (
    <>
      <FileButton onChange={pick} accept={ACCEPTED} resetRef={resetRef}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconFileImport size={18} aria-hidden />} loading={importGame.pending} data-testid="import-game">
            {t('myGames.import.button')}
          </Button>
        )}
      </FileButton>
      <ImportPreview importGame={importGame} />
    </>
  );
}

/** What a file in an open format holds, and what it could not carry over, before anything is saved. */
function ImportPreview({ importGame }: { importGame: ImportGame }) {
  const { t } = useTranslation('studio');
  const { read } = importGame;
  const summary = read?.reply.summary;
  const notCarried = read?.reply.notCarried ?? [];
  return (
    <Modal opened={read !== null} onClose={importGame.cancel} title={t('myGames.import.preview.title')} centered closeButtonProps={{ 'aria-label': t('studio.close') }}>
      {read && summary && (
        <Stack gap="sm" data-testid="import-preview">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {/* The file's name isolated, so a Hebrew name's extension stays with it on either page. */}
            {t('myGames.import.preview.file', { file: `\u2068${read.fileName}\u2069`, format: t(`myGames.import.formats.${summary.format}`) })}
          </Text>
          {summary.name && (
            <Text fw={700} dir="auto">
              {summary.name}
            </Text>
          )}
          <List size="sm" spacing={4} data-testid="import-summary">
            <List.Item>{t('myGames.import.preview.stops', { count: summary.stops })}</List.Item>
            <List.Item>{t('myGames.import.preview.areas', { points: summary.areas.point, polygons: summary.areas.polygon })}</List.Item>
            <List.Item>{summary.start ? t('myGames.import.preview.start') : t('myGames.import.preview.noStart')}</List.Item>
            <List.Item>
              {t('myGames.import.preview.answers', { text: summary.answers.text + summary.answers.number, choice: summary.answers.choice, none: summary.answers.none })}
            </List.Item>
            <List.Item>{t('myGames.import.preview.hints', { count: summary.hints })}</List.Item>
          </List>
          {notCarried.length > 0 && (
            <Stack gap={4} data-testid="import-not-carried">
              <Title order={3} size="h5">
                {t('myGames.import.preview.notCarried')}
              </Title>
              <List size="sm" spacing={4}>
                {notCarried.map((note) => (
                  <List.Item key={note.kind} data-kind={note.kind}>
                    {t(`myGames.import.notCarried.${note.kind}`, { count: note.count })}
                    {note.where.length > 0 && (
                      <>
                        {' '}
                        <Text span size="xs" c="dimmed" dir="auto">
                          ({note.where.join(', ')})
                        </Text>
                      </>
                    )}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Text size="sm">{t('myGames.import.preview.explain')}</Text>
          {importGame.error && (
            <Text size="sm" c="red.8" role="alert">
              {importGame.error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={importGame.cancel}>
              {t('studio.cancel')}
            </Button>
            <Button onClick={importGame.confirm} loading={importGame.creating} data-testid="import-confirm">
              {t('myGames.import.preview.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
