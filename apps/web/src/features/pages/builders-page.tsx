import { Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useBuildersTexts } from '../../ui/texts/use-builders-texts.ts';
import { Link } from 'react-router';
import { AFFILIATE_PERCENT, COMMISSION_MIN, COMMISSION_PERCENT, formatMoney, PAYOUT_MINIMUM, type Language } from '@streethunt/shared';
import { useVatPercent } from '../../api/public-config.ts';
import { useSession } from '../../api/session.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { BuildersCalculator } from './builders-calculator.tsx';
import { BuildersExamples } from './builders-examples.tsx';
import { payoutExample } from './builders-payout-example.ts';

/** The terms' revenue split as points, in the order the terms give them (spec section 9, 'Terms'). */
function RevenueRules({ language }: { language: Language }) {
  const { t } = useBuildersTexts();
  const money = (agorot: number) => formatMoney(agorot, language);
  const payout = payoutExample(new Date(), language);
  return (
    <Stack gap="xs" component="section" aria-labelledby="builders-split">
      <Title order={2} id="builders-split">
        {t('builders.split.title')}
      </Title>
      <List spacing="xs">
        <List.Item>{t('builders.split.free')}</List.Item>
        <List.Item>{t('builders.split.commission', { percent: COMMISSION_PERCENT, minimum: money(COMMISSION_MIN) })}</List.Item>
        <List.Item>{t('builders.split.affiliate', { percent: AFFILIATE_PERCENT })}</List.Item>
        <List.Item>{t('builders.split.payout', payout)}</List.Item>
        <List.Item>{t('builders.split.rollover', { minimum: money(PAYOUT_MINIMUM) })}</List.Item>
        <List.Item>{t('builders.split.reports')}</List.Item>
      </List>
    </Stack>
  );
}

/** Sign up, or (logged in) start a game; and the full terms. */
function StartBuilding() {
  const { t } = useBuildersTexts();
  const { status } = useSession();
  // A stored session counts as logged in while the start-up check answers: it almost always is.
  const loggedIn = status !== 'out';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="builders-start">
      <Stack gap="sm">
        <Title order={2} id="builders-start">
          {t('builders.start.title')}
        </Title>
        <Text>{t(loggedIn ? 'builders.start.textLoggedIn' : 'builders.start.text')}</Text>
        <Group gap="sm">
          {loggedIn ? (
            <Button component={Link} to="/game-editor-new-game" size="md" data-testid="builders-create">
              {t('builders.start.create')}
            </Button>
          ) : (
            <>
              <Button component={Link} to="/signup" size="md" data-testid="builders-signup">
                {t('builders.start.signup')}
              </Button>
              <Anchor component={Link} to={`/login?url=${encodeURIComponent('/game-editor-new-game')}`}>
                {t('builders.start.login')}
              </Anchor>
            </>
          )}
        </Group>
        <Anchor component={Link} to="/terms">
          {t('builders.start.terms')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** `/builders`: the business-partners page for game builders (spec section 2). */
export function Component() {
  const { t, i18n } = useBuildersTexts();
  const language: Language = i18n.language === 'en' ? 'en' : 'he';
  const vatPercent = useVatPercent();
  usePageTitle(t('builders.title'));
  return (
    <Container size="sm" px="md" py="xl" data-testid="builders-page">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('builders.title')}</Title>
          <Text size="lg">{t('builders.intro')}</Text>
        </Stack>
        <RevenueRules language={language} />
        <BuildersExamples vatPercent={vatPercent} />
        <BuildersCalculator key={vatPercent} vatPercent={vatPercent} />
        <StartBuilding />
      </Stack>
    </Container>
  );
}
