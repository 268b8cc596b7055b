import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `<script>` elements without `src`, and their text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources ('sha256-…') that allow exactly the inline scripts of a page: index.html's start-up
 * script sets the language and direction before the first paint, and `script-src 'self'` alone
 * would block it.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}'`);
}

/** The hashes for the built app's index.html; none when there is no built app. */
export function webAppScriptHashes(webDist: string | null): string[] {
  if (!webDist) return [];
  try {
    return inlineScriptHashes(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}
