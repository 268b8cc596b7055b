import { normalizePresenceCode, PRESENCE_CODE_LENGTH } from '@streethunt/shared';

/** The spot code a sign's link brought (…/game/{id}#presence=CODE: the phone's own camera app opened it), or null. */
export function presenceCodeInLink(): string | null {
  const hash = window.location.hash;
  if (!/presence=/i.test(hash)) return null;
  const code = normalizePresenceCode(hash);
  return code.length === PRESENCE_CODE_LENGTH ? code : null;
}

/** The address without the code once it was tried: a reload or a later question does not try it again. */
export function forgetPresenceLink(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** Whether a scanned text can be a spot code of ours (a sign's link or a bare code), before judging it. */
export function looksLikePresenceCode(text: string): boolean {
  return normalizePresenceCode(text).length === PRESENCE_CODE_LENGTH && (/presence[=:]/i.test(text) || /^[\sA-Za-z0-9-]{8,12}$/.test(text.trim()));
}
