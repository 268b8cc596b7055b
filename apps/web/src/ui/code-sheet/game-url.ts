/** A game's address, where a code is entered: the site's origin + /game/{gameId} (spec section 2). */
export function gameUrlOf(gameId: string, origin = window.location.origin): string {
  return `${origin}/game/${gameId}`;
}
