import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The creator studio's and admin's texts: the `studio` namespace, loaded only by their pages, so a
 * player never downloads them (DESIGN.md section 7). One pair of files per part of the studio
 * (`studio/{part}.{he|en}.json`), each with its own top-level keys; the namespace is all of them.
 */
export const STUDIO_NAMESPACE = 'studio';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./studio/*.json');

/** The files of one language, by path, to load. */
function filesOf(language: Language) {
  return Object.entries(files).filter(([path]) => path.endsWith(`.${language}.json`));
}

/** Every studio text of `language`, merged (the files' top-level keys never overlap: studio-translations.test.ts). */
export async function loadStudioTranslations(language: Language): Promise<ResourceKey> {
  const parts = await Promise.all(filesOf(language).map(([, load]) => load()));
  return Object.assign({}, ...parts.map((part) => part.default)) as ResourceKey;
}
