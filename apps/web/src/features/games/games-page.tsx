import { ComingSoon } from '../../ui/coming-soon.tsx';

export function Component() {
  return <ComingSoon titleKey="pages.games" />;
}
