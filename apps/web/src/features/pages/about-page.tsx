import { Placeholder } from './placeholder.tsx';

export function Component() {
  return <Placeholder titleKey="placeholder.aboutTitle" />;
}
