import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { CodeSheet } from '../../ui/code-sheet/code-sheet.tsx';
import { useQrSvg } from '../../ui/code-sheet/use-qr-svg.ts';
import { useCodeRows } from './code-rows.ts';
import { downloadCsv } from '../../ui/studio/csv.ts';
import { codesCsv, codesCsvFileName } from './codes-csv.ts';

/** The codes in the result table: a batch just generated (batchDate null) or an earlier one. */
export type ShownCodes = { gameId: string; gameName: string; codes: readonly string[]; batchDate: string | null };

const COPIED_MS = 2000;

/** The Label/Data table of a batch (spec section 2), with copy-all, a CSV download and a printable sheet. */
export function GeneratedCodes({ shown }: { shown: ShownCodes }) {
  const { t, i18n } = useTranslation('studio');
  const { gameId, gameName, codes, batchDate } = shown;
  const { gameUrl, header, rows } = useCodeRows(gameId, gameName, codes);
  const qrSvg = useQrSvg(gameUrl);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText([gameName, gameUrl, ...codes].join('\n'));
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Stack gap="sm" data-testid="codes-result">
      <Title order={2} size="h3">
        {batchDate ? t('adminCodes.result.batchTitle', { date: formatDateTime(batchDate, i18n.language) }) : t('adminCodes.result.newTitle')}
      </Title>
      <Group gap="sm">
        <Button variant="light" leftSection={copy === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />} onClick={() => void copyAll()}>
          {copy === 'copied' ? t('studio.copied') : t('adminCodes.result.copyAll')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          onClick={() => downloadCsv(codesCsvFileName(gameName, gameId), codesCsv(header, rows))}
        >
          {t('adminCodes.result.csv')}
        </Button>
        {/* Waits for the QR code, so the sheet never prints without it. */}
        <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} loading={!qrSvg}>
          {t('adminCodes.result.print')}
        </Button>
      </Group>
      {copy === 'failed' && (
        <Text size="sm" role="alert">
          {t('adminCodes.result.copyFailed')}
        </Text>
      )}
      <Table withTableBorder withColumnBorders aria-label={t('adminCodes.result.tableLabel', { game: gameName })} data-testid="generated-codes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="1%">
              {header.label}
            </Table.Th>
            <Table.Th scope="col">{header.data}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {row.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {index === 0 ? (
                  <bdi dir="auto">{row.data}</bdi>
                ) : index === 1 ? (
                  <Anchor href={row.data} target="_blank" rel="noopener" dir="ltr" data-testid="game-url">
                    {row.data}
                  </Anchor>
                ) : (
                  <Text span ff="monospace" dir="ltr" data-testid="code">
                    {row.data}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CodeSheet
        name={gameName}
        codes={codes}
        qrSvg={qrSvg}
        texts={{ title: t('adminCodes.sheet.title', { game: gameName }), howTo: t('adminCodes.sheet.howTo'), qrAlt: t('adminCodes.sheet.qrAlt') }}
      />
    </Stack>
  );
}
