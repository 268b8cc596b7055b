import L from 'leaflet';

type LabelledIconOptions = L.DivIconOptions & {
  /** The marker's accessible name, set on the icon's element (Leaflet gives a divIcon only a title). */
  label: string;
  /** A role for an icon that is not a button (Leaflet makes keyboard markers buttons itself). */
  role?: string;
  /** The game a pin stands for, as `data-game-id` on its element. */
  gameId?: string;
};

/**
 * A divIcon whose element is named for screen readers. Leaflet reuses a marker's element when its
 * icon changes (setIcon), so the attributes are set again each time, and focus stays on it.
 */
export class LabelledIcon extends L.DivIcon {
  private readonly label: string;
  private readonly role: string | undefined;
  private readonly gameId: string | undefined;

  constructor({ label, role, gameId, ...options }: LabelledIconOptions) {
    super(options);
    this.label = label;
    this.role = role;
    this.gameId = gameId;
  }

  override createIcon(oldIcon?: HTMLElement): HTMLElement {
    const element = super.createIcon(oldIcon);
    element.setAttribute('aria-label', this.label);
    if (this.role) element.setAttribute('role', this.role);
    if (this.gameId) element.dataset.gameId = this.gameId;
    return element;
  }
}
