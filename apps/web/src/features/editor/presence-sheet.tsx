import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { presenceQrText, printedPresenceCode, takesPresenceCode, type EditableGame } from '@streethunt/shared';
import { gameUrlOf } from '../../ui/code-sheet/game-url.ts';
import { editorApi } from './api.ts';
import classes from './presence-sheet.module.css';

/** A question's first words, to tell its sign from the others. */
function firstWords(html: string, max = 60): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

type Sign = { index: number; words: string; code: string | null; qr?: string };

/** Each QR sign's picture as an SVG data URL; the library loads only when the sheet opens. */
function useQrImages(texts: readonly string[]) {
  return useQuery({
    queryKey: ['presence-qr', texts],
    queryFn: async () => {
      // A CommonJS package: its exports arrive reliably as the default export.
      const { default: qrcode } = await import('qrcode');
      const svgs = await Promise.all(texts.map((text) => qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })));
      return svgs.map((svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    },
    staleTime: Infinity,
    enabled: texts.length > 0,
  }).data;
}

function SignCard({ sign }: { sign: Sign }) {
  const { t } = useTranslation('studio');
  return (
    <div className={classes.card} data-testid="presence-sign">
      <span className={classes.name}>{t('spotCodes.card', { n: sign.index + 1 })}</span>
      {sign.words && (
        <bdi dir="auto" className={classes.question}>
          {sign.words}
        </bdi>
      )}
      {sign.code === null ? (
        <Text size="sm" c="orange.9">
          {t('spotCodes.unsaved')}
        </Text>
      ) : (
        <>
          {sign.qr && <img className={classes.qr} src={sign.qr} alt={t('spotCodes.qrAlt', { n: sign.index + 1 })} />}
          <span dir="ltr" className={classes.code} data-testid="presence-sign-code">
            {printedPresenceCode(sign.code)}
          </span>
          <span className={classes.howTo}>{t('spotCodes.howTo')}</span>
        </>
      )}
    </div>
  );
}

/**
 * The QR signs of the game: one per question that asks for one, with the question's number and first
 * words, the QR code (the game's link with the code after '#': a phone's own camera app just opens the
 * game) and the code to type. The codes come from the owner's own call; shown here, printed alone.
 */
export function PresenceSheet({ gameId, game, onClose }: { gameId: string; game: EditableGame; onClose(): void }) {
  const { t } = useTranslation('studio');
  const codes = useQuery({
    queryKey: ['editor', 'presence-codes', gameId],
    queryFn: ({ signal }) => editorApi.presenceCodes(gameId, signal),
    staleTime: 0,
  });
  const byQuestion = new Map((codes.data?.codes ?? []).map((entry) => [entry.questionId, entry.code]));
  const listedGameId = codes.data?.gameId ?? gameId;
  const asking = game.questions.flatMap((question, index) => (takesPresenceCode(question.presence) ? [{ question, index }] : []));
  const signs: Sign[] = asking.map(({ question, index }) => ({ index, words: firstWords(question.content), code: byQuestion.get(question.id) ?? null }));
  const texts = signs.flatMap((sign) => (sign.code === null ? [] : [presenceQrText(gameUrlOf(listedGameId), sign.code)]));
  const images = useQrImages(texts);
  let image = 0;
  const shown = signs.map((sign) => (sign.code === null ? sign : { ...sign, qr: images?.[image++] }));
  const ready = codes.isSuccess && (texts.length === 0 || images !== undefined);
  // The game's name in its own direction: a Hebrew title may name an English game.
  const title = (
    <>
      {t('spotCodes.sheetTitle')}: <bdi dir="auto">{game.metadata.name.trim() || t('editor.untitled')}</bdi>
    </>
  );

  let body;
  if (codes.isError) body = <Alert color="red">{t('spotCodes.failed')}</Alert>;
  else if (!ready)
    body = (
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text role="status">{t('spotCodes.loading')}</Text>
      </Group>
    );
  else if (shown.length === 0) body = <Text>{t('spotCodes.noneYet')}</Text>;
  else
    body = (
      <div className={classes.grid}>
        {shown.map((sign) => (
          <SignCard key={sign.index} sign={sign} />
        ))}
      </div>
    );

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={title}
        size="xl"
        closeButtonProps={{ 'aria-label': t('spotCodes.close') }}
        data-testid="presence-sheet"
      >
        <Stack gap="md">
          <Text size="sm">{t('spotCodes.sheetIntro')}</Text>
          {body}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('spotCodes.close')}
            </Button>
            <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={!ready || shown.length === 0} data-testid="presence-sheet-print">
              {t('spotCodes.sheetPrint')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {ready &&
        createPortal(
          <section className={classes.sheet} data-testid="presence-print-sheet">
            <h2>{title}</h2>
            <div className={classes.grid}>
              {shown.map((sign) => (
                <SignCard key={sign.index} sign={sign} />
              ))}
            </div>
          </section>,
          document.body,
        )}
    </>
  );
}
