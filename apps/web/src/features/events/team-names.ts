import { useTranslation } from 'react-i18next';
import type { EventTeam } from '@streethunt/shared';

/**
 * How the control room names a team: by the name it chose, else by its code (the organiser printed
 * the codes, so a code says which team it is).
 */
export function useTeamNames() {
  const { t } = useTranslation('studio');
  return (team: Pick<EventTeam, 'name' | 'code'> | undefined) => {
    if (!team) return t('events.team.unknown');
    return team.name ?? t('events.team.byCode', { code: team.code });
  };
}
