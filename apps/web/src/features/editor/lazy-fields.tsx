import { lazy } from 'react';

// The map editor and the preview map bring Leaflet: they load when first shown, not with the editor.
export const AreaEditor = lazy(() => import('./fields/area-editor.tsx').then((module) => ({ default: module.AreaEditor })));
export const PreviewMap = lazy(() => import('./fields/preview-map.tsx').then((module) => ({ default: module.PreviewMap })));
