import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODE_PREFIX_MAX, GENERATE_CODES_MAX, codePrefixSchema, type AdminGame } from '@streethunt/shared';
import { errorText } from '../../ui/studio/errors.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import type { AdminFailure } from './admin-failure.ts';
import { adminApi, adminKeys } from './api.ts';
import { acceptsCount, checkCount } from './code-count.ts';
import { useCodeGameNames } from './code-game-names.ts';
import { GenerateCodesConfirm, type CodesRequest } from './generate-codes-confirm.tsx';

type Props = {
  /** Every game; undefined while loading. */
  games: readonly AdminGame[] | undefined;
  game: AdminGame | null;
  onGameChange(gameId: string | null): void;
  onGenerated(codes: string[]): void;
  onFailure: AdminFailure;
};

/** The generate-codes form: game, prefix, number of codes, and the confirm dialog before the call (spec sections 2 and 5). */
export function GenerateCodesForm({ games, game, onGameChange, onGenerated, onFailure }: Props) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const names = useCodeGameNames();
  const [prefix, setPrefix] = useState('');
  const [count, setCount] = useState('');
  /** 'Required' shows only once the admin tried to generate with the count empty. */
  const [countTried, setCountTried] = useState(false);
  const [noGame, setNoGame] = useState(false);
  const [request, setRequest] = useState<CodesRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const parsedPrefix = codePrefixSchema.safeParse(prefix);
  const prefixError = parsedPrefix.success ? undefined : t('adminCodes.prefix.invalid');
  const countCheck = checkCount(count);
  const countError = countCheck.ok
    ? undefined
    : countCheck.problem === 'tooMany'
      ? t('adminCodes.count.tooMany', { max: GENERATE_CODES_MAX })
      : countTried
        ? t('adminCodes.count.required')
        : undefined;

  const generate = useMutation({
    mutationFn: ({ gameId, prefix: codePrefix, qty }: CodesRequest) => adminApi.generateCodes(gameId, codePrefix, qty),
    onSuccess: (reply, { gameId }) => {
      setRequest(null);
      onGenerated(reply.data);
      void queryClient.invalidateQueries({ queryKey: adminKeys.codeBatches(gameId) });
    },
    onError: (error) => {
      setRequest(null);
      if (!onFailure(error)) setFailure(errorText(error, t));
    },
  });

  const askToGenerate = () => {
    setFailure(null);
    if (!game) {
      setNoGame(true);
      return;
    }
    setCountTried(true);
    if (!countCheck.ok || !parsedPrefix.success) return;
    setRequest({ gameId: game._id, gameName: names.nameOf(game), prefix: parsedPrefix.data, qty: countCheck.qty });
  };

  return (
    <Stack gap="md" maw="36rem">
      <Select
        label={t('adminCodes.game.label')}
        placeholder={t('adminCodes.game.placeholder')}
        nothingFoundMessage={t('adminCodes.game.nothingFound')}
        data={(games ?? []).map((option) => ({ value: option._id, label: names.optionOf(option) }))}
        value={game?._id ?? null}
        onChange={(gameId) => {
          setNoGame(false);
          setFailure(null);
          onGameChange(gameId);
        }}
        // Options run their own way; the input keeps the page's direction (dir="auto" there put a
        // Hebrew name under the chevron of an English page: Mantine pads the page's inline end).
        renderOption={({ option }) => <span dir="auto">{option.label}</span>}
        disabled={!games}
        rightSection={games ? undefined : <Loader size="xs" role="status" aria-label={t('adminCodes.loadingGames')} />}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="codes-game"
      />
      <TextInput
        label={t('adminCodes.prefix.label')}
        description={t('adminCodes.prefix.description', { max: CODE_PREFIX_MAX })}
        value={prefix}
        // Codes are stored upper-case; the field shows them as players will see them.
        onChange={(event) => setPrefix(event.currentTarget.value.toUpperCase())}
        error={prefixError}
        maxLength={CODE_PREFIX_MAX}
        dir="ltr"
        // Mantine aligns inputs to the page's side: a left-to-right code starts on the left on a Hebrew page too.
        styles={{ input: { textAlign: 'left' } }}
        autoComplete="off"
        spellCheck={false}
        data-testid="codes-prefix"
      />
      <TextInput
        label={t('adminCodes.count.label')}
        value={count}
        onChange={(event) => {
          // Refused input leaves the value as it was (spec section 5). Put back by hand: with the state
          // unchanged React does not re-render, and Chromium kept the typed '0' of '03'.
          const text = event.currentTarget.value;
          if (!acceptsCount(text)) {
            event.currentTarget.value = count;
            return;
          }
          setCount(text);
          setCountTried(false);
        }}
        error={countError}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        data-testid="codes-count"
      />
      {noGame && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="select-game">
          {t('adminCodes.selectGame')}
        </Alert>
      )}
      {failure && <ActionError>{failure}</ActionError>}
      <Group>
        <Button onClick={askToGenerate} loading={generate.isPending}>
          {t('adminCodes.generate')}
        </Button>
      </Group>
      <GenerateCodesConfirm request={request} generating={generate.isPending} onConfirm={() => request && generate.mutate(request)} onCancel={() => setRequest(null)} />
    </Stack>
  );
}
