import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconWheelchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AlternativeSpot as Spot } from '@streethunt/shared';

type Props = {
  alternative: Spot;
  /** The game's language, for the creator's note (a translation does not carry it). */
  language: string;
  /** With the area guide (the area step): whether it guides to the alternative spot, and the switch. */
  guide?: { on: boolean; toggle(): void };
};

/**
 * A stop's step-free alternative (DESIGN.md section 16): the creator's note on it and, on the area step, a
 * switch of the guide between the stop's area and the alternative spot. Loaded apart: few stops have one.
 */
export default function AlternativeSpot({ alternative, language, guide }: Props) {
  const { t } = useTranslation();
  const note = alternative.note?.trim();
  return (
    <Alert color="teal" variant="light" icon={<IconWheelchair aria-hidden />} data-testid="alternative-spot">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={600}>
          {note ? (
            <>
              {t('walk.alternativeLabel')}{' '}
              <span dir="auto" lang={language}>
                {note}
              </span>
            </>
          ) : (
            t('walk.alternativeNoNote')
          )}
        </Text>
        {guide && (
          <Button
            size="xs"
            variant="light"
            color="teal.9"
            aria-pressed={guide.on}
            onClick={guide.toggle}
            styles={{ root: { maxWidth: '100%', height: 'auto' }, label: { whiteSpace: 'normal', paddingBlock: 4 } }}
            data-testid="guide-alternative"
          >
            {t(guide.on ? 'walk.guideArea' : 'walk.guideAlternative')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
