import { useEffect, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of the player's components in the game's own language, as a player of the game gets them
 * (spec section 1), while the editor around the preview keeps the creator's language: a clone of the
 * app's i18next sharing its store, on `language` once its texts are in. Until then, the app's own.
 */
export function usePreviewI18n(language: Language): I18n {
  const { i18n } = useTranslation();
  const [clone, setClone] = useState<{ language: string; instance: I18n } | null>(null);
  const differs = i18n.language !== language;

  useEffect(() => {
    if (!differs) return;
    let live = true;
    // The clone may call back before cloneInstance returns (its texts already in): wait for both.
    let instance: I18n | null = null;
    void new Promise<void>((resolve) => {
      instance = i18n.cloneInstance({ lng: language }, () => resolve());
    }).then(() => {
      if (live && instance) setClone({ language, instance });
    });
    return () => {
      live = false;
    };
  }, [i18n, language, differs]);

  return differs && clone?.language === language ? clone.instance : i18n;
}
