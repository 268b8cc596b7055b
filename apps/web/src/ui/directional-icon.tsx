import type { IconProps, TablerIcon } from '@tabler/icons-react';

/**
 * An icon that points along the reading direction (skip, back, next, a chevron): drawn as it is in
 * left-to-right pages and mirrored under `[dir=rtl]` (global.css), so 'forward' always points the way
 * the text runs. Icons that point somewhere in the world (a compass arrow) must not use this.
 */
export function DirectionalIcon({ icon: Icon, className, ...props }: IconProps & { icon: TablerIcon }) {
  return <Icon {...props} className={className ? `sh-directional ${className}` : 'sh-directional'} />;
}
