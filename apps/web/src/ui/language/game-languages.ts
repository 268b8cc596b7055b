import type { GameMetadata, Language } from '@streethunt/shared';

/** What a game's metadata says of its languages: the reply's own, and those the game is offered in. */
type LanguagesOf = Pick<GameMetadata, 'language'> & { languages?: readonly Language[] };

/** The languages a game is offered in (DESIGN.md section 13); without `languages`, its own only. */
export function offeredLanguages(metadata: LanguagesOf): readonly Language[] {
  return metadata.languages && metadata.languages.length > 0 ? metadata.languages : [metadata.language];
}
