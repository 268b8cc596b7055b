import { useTranslation } from 'react-i18next';
import { gameUrlOf } from '../../ui/code-sheet/game-url.ts';
import type { CodeRow } from './codes-csv.ts';

/** The result's Label/Data rows in the interface's words: Game Name, Game URL, Code-1 … Code-n (spec section 2). */
export function useCodeRows(gameId: string, gameName: string, codes: readonly string[]) {
  const { t } = useTranslation('studio');
  const gameUrl = gameUrlOf(gameId);
  const header: CodeRow = { label: t('adminCodes.result.label'), data: t('adminCodes.result.data') };
  const rows: CodeRow[] = [
    { label: t('adminCodes.result.gameName'), data: gameName },
    { label: t('adminCodes.result.gameUrl'), data: gameUrl },
    ...codes.map((code, index) => ({ label: t('adminCodes.result.code', { n: index + 1 }), data: code })),
  ];
  return { gameUrl, header, rows };
}
