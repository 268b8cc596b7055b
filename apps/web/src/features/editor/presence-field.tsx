import { Button, Radio, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { takesPresenceCode, type PresenceProof } from '@streethunt/shared';

type Props = {
  index: number;
  /** Absent: `gps`, the spec's area step. */
  presence: PresenceProof | undefined;
  /** Without the map there is no area: `gps` means no proof, and `gps-or-qr` is not offered. */
  mapOn: boolean;
  onChange(presence: PresenceProof | undefined): void;
  /** Opens the sheet of QR signs (every question that asks for one). */
  onPrint(): void;
};

/** A question's proof of presence (game/presence.ts): the area by GPS, the spot's QR sign, or either. */
export function PresenceField({ index, presence, mapOn, onChange, onPrint }: Props) {
  const { t } = useTranslation('studio');
  const value = presence ?? 'gps';
  const options: Array<{ value: PresenceProof; label: string }> = [
    { value: 'gps', label: t(mapOn ? 'spotCodes.gps' : 'spotCodes.none') },
    { value: 'qr', label: t('spotCodes.qr') },
    ...(mapOn || value === 'gps-or-qr' ? [{ value: 'gps-or-qr' as const, label: t('spotCodes.gpsOrQr') }] : []),
  ];
  return (
    <Stack gap="sm" data-testid="field-presence">
      <Radio.Group
        label={t('spotCodes.label')}
        description={t('spotCodes.hint')}
        value={value}
        // `gps` is stored as no setting at all: the game's content stays as it was.
        onChange={(next) => onChange(next === 'gps' ? undefined : (next as PresenceProof))}
        name={`presence-${index}`}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} data-testid={`presence-${option.value}`} />
          ))}
        </Stack>
      </Radio.Group>
      {takesPresenceCode(presence) && (
        <>
          <Text size="sm" c="dimmed">
            {t('spotCodes.qrNote')}
          </Text>
          <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={onPrint} style={{ alignSelf: 'flex-start' }} data-testid="presence-print">
            {t('spotCodes.print')}
          </Button>
        </>
      )}
    </Stack>
  );
}
