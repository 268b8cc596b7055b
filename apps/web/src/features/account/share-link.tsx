import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { useId, useState } from 'react';
import { Anchor, Box, Button, Center, CopyButton, Group, Image, Loader, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { svgDataUrl, useQrSvg } from './use-qr-svg.ts';

const COPIED_MS = 2000;
/** Large enough to scan from a phone held up to another, small enough for a 360 px screen. */
const QR_SIZE = 180;

type Props = {
  /** What the link leads to; the label of the field and of the group its buttons sit in. */
  label: string;
  link: string;
  /** The name a downloaded QR code gets. */
  qrFile: string;
  testId: string;
};

/** One share link: the link itself (left to right), a copy button and a QR code shown on demand. */
export function ShareLink({ label, link, qrFile, testId }: Props) {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const [qrShown, setQrShown] = useState(false);
  const qrId = useId();
  return (
    // A named group, so a screen reader says which link 'Copy link' copies.
    <Stack gap={6} role="group" aria-label={label} data-testid={testId}>
      <TextInput
        label={label}
        value={link}
        readOnly
        // A URL reads left to right in a Hebrew page too.
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        data-testid="share-link-url"
      />
      <Group gap="xs">
        <CopyButton value={link} timeout={COPIED_MS}>
          {({ copied, copy }) => (
            <>
              <Button size="xs" variant="light" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                {copied ? t('account.share.copied') : t('account.share.copy')}
              </Button>
              <VisuallyHidden role="status">{copied ? t('account.share.copied') : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconQrcode size={16} aria-hidden />}
          aria-expanded={qrShown}
          aria-controls={qrShown ? qrId : undefined}
          onClick={() => setQrShown((shown) => !shown)}
        >
          {qrShown ? t('account.share.hideQr') : t('account.share.showQr')}
        </Button>
      </Group>
      {qrShown && <QrCode id={qrId} link={link} alt={t('account.share.qrAlt', { label })} file={qrFile} />}
    </Stack>
  );
}

function QrCode({ id, link, alt, file }: { id: string; link: string; alt: string; file: string }) {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const qr = useQrSvg(link);
  return (
    <Box id={id} data-testid="share-qr">
      {qr.isPending ? (
        <Center w={QR_SIZE} h={QR_SIZE}>
          <Loader size="sm" role="status" aria-label={t('account.share.qrLoading')} />
        </Center>
      ) : qr.isError ? (
        <Text size="sm" role="alert">
          {t('account.share.qrFailed')}
        </Text>
      ) : (
        <Stack gap={4} align="flex-start">
          {/* White behind the code whatever the theme: scanners need the contrast. */}
          <Image src={svgDataUrl(qr.data)} alt={alt} w={QR_SIZE} h={QR_SIZE} bg="white" data-testid="share-qr-image" />
          <Anchor href={svgDataUrl(qr.data)} download={file} size="sm">
            {t('account.share.downloadQr')}
          </Anchor>
        </Stack>
      )}
    </Box>
  );
}
