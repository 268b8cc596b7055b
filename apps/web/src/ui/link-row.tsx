import { Anchor, Group, type MantineSpacing } from '@mantine/core';
import { Link } from 'react-router';

export type RowLink = { to: string; label: string };

/** A row of small links to other pages, wrapping on a narrow phone; a `nav` when it has a label. */
export function LinkRow({ links, label, gap = 'md', centered = false }: { links: RowLink[]; label?: string; gap?: MantineSpacing; centered?: boolean }) {
  return (
    <Group gap={gap} justify={centered ? 'center' : undefined} {...(label && { component: 'nav', 'aria-label': label })}>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
