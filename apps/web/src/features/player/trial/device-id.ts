const KEY = 'deviceId';

/**
 * This phone's own id, made once and kept: the server allows one trial of a game per phone (and per
 * account). Not a secret and not a tracker: it goes only with a trial request. Storage blocked (a private
 * window), a new one each time: the server's account and address limits still hold.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && kept.length >= 8) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}
