/** The share links of spec section 1: every game, or one game, with the user's code as ?aff=. */
export function allGamesLink(origin: string, affiliateCode: string): string {
  return `${origin}/games?aff=${encodeURIComponent(affiliateCode)}`;
}

export function gameLink(origin: string, gameId: string, affiliateCode: string): string {
  return `${origin}/game/${encodeURIComponent(gameId)}?aff=${encodeURIComponent(affiliateCode)}`;
}

/** The file name of a downloaded QR code: Latin only, so every system keeps it as it is. */
export function qrFileName(affiliateCode: string, gameId?: string): string {
  return `streethunt-${gameId ? `game-${gameId}` : 'games'}-${affiliateCode}.svg`.replace(/[^A-Za-z0-9.-]/g, '');
}
