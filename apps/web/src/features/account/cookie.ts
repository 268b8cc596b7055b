/** The value of one cookie of this page, or null. Kept here so the account feature needs nothing from src/app. */
export function readCookie(name: string, doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return rest.join('=');
    }
  }
  return null;
}
