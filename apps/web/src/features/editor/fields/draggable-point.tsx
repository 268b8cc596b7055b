import { useEffect, useRef } from 'react';
import type { DivIcon, Marker as LeafletMarker } from 'leaflet';
import { Marker } from 'react-leaflet';
import type { Point } from '@streethunt/shared';
import { nudgePoint, roundPoint } from './area-location.ts';

/** How far one arrow key press moves a marker, and with Shift held. */
const STEP_METERS = 2;
const SHIFT_STEP_METERS = 20;

export type DraggablePointProps = {
  position: Point;
  onMove(point: Point): void;
  icon: DivIcon;
  /** The marker's name, for the tooltip and screen readers (it says the arrow keys move it). */
  title: string;
  pane?: string;
};

/**
 * A marker moved by dragging, or by the arrow keys once focused (Leaflet's markers only drag).
 * Only the lazily loaded map modules import this: it brings Leaflet.
 */
export function DraggablePoint({ position, onMove, icon, title, pane }: DraggablePointProps) {
  const marker = useRef<LeafletMarker>(null);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);

  // The icon's element is replaced with the icon, so the listener follows it.
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', title);
    const onKeyDown = (event: KeyboardEvent) => {
      const current = marker.current?.getLatLng();
      const next = current && nudgePoint(current, event.key, event.shiftKey ? SHIFT_STEP_METERS : STEP_METERS);
      if (!next) return;
      // The map pans on arrow keys too: this key is the marker's.
      event.preventDefault();
      event.stopPropagation();
      onMoveRef.current(next);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [icon, title]);

  return (
    <Marker
      ref={marker}
      position={[position.lat, position.lng]}
      icon={icon}
      title={title}
      draggable
      keyboard
      autoPan
      // Leaflet takes an undefined option as set: the default pane only when none is named.
      {...(pane ? { pane } : {})}
      eventHandlers={{ dragend: (event) => onMoveRef.current(roundPoint((event.target as LeafletMarker).getLatLng())) }}
    />
  );
}
