import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import classes from './header-tab.module.css';

/** What the item gives its icon: a Tabler icon, or another drawing that takes the same (a game language's flag). */
type HeaderIconProps = { size?: number; stroke?: number; className?: string; 'aria-hidden'?: boolean };

type Common = { icon: ComponentType<HeaderIconProps>; label: string; testId?: string; ariaLabel?: string };

/**
 * One item of the header: an icon over a short label, so that the logo, three items and the menu
 * toggle fit a 320 px phone in both languages. A link marks itself current (`aria-current="page"`)
 * when its route is shown; a button (the player's page switch) is told whether it is current.
 */
export function HeaderTab(props: Common & ({ to: string } | { active: boolean; onClick(): void })) {
  const { icon: Icon, label, testId, ariaLabel } = props;
  const body = (
    <>
      <Icon size={20} stroke={1.8} aria-hidden className={classes.icon} />
      <span>{label}</span>
    </>
  );
  if ('to' in props) {
    return (
      <NavLink to={props.to} className={classes.tab} data-testid={testId} end>
        {body}
      </NavLink>
    );
  }
  return (
    <button type="button" className={classes.tab} aria-current={props.active ? 'page' : undefined} aria-label={ariaLabel} onClick={props.onClick} data-testid={testId}>
      {body}
    </button>
  );
}
