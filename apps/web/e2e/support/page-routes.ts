/** Ids the routes with a parameter are opened with: real where the page shows something, made up where a refusal is the page. */
export type RouteIds = { gameId: string; otherGameId: string; creatorId: string; eventId?: string };

/**
 * Every page route of src/app/router.tsx, with `ids` where a route needs one. The game page comes last:
 * it switches the interface to the game's language while it is shown.
 */
export function pageRoutes(ids: RouteIds): string[] {
  return [
    '/',
    '/splash',
    '/home',
    '/about',
    '/terms',
    '/accessibility',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password/64656d6f0000000000000001/not-a-real-token',
    '/validate-email/not-a-real-token',
    '/validate-email/resend',
    '/test/request',
    '/test',
    '/affiliates',
    '/affiliates/make-money',
    '/affiliates/guides',
    '/builders',
    '/reports',
    '/games',
    `/games?user=${ids.creatorId}`,
    '/my-games',
    '/my-games/feedbacks',
    '/my-active-games',
    '/events',
    '/events/new',
    `/events/buy/${ids.gameId}`,
    ...(ids.eventId ? [`/events/${ids.eventId}`] : []),
    `/game-editor/${ids.gameId}`,
    '/game-editor-new-game',
    `/game-feedback/${ids.gameId}/not-a-real-token`,
    '/payment-success?Token=not-a-real-token',
    '/purchases/64656d6f0000000000000001/cancel?token=not-a-real-token',
    '/admin-pending-games',
    '/admin-users',
    '/admin-generate-codes',
    '/admin-payouts',
    '/admin-accessibility-reports',
    '/no-such-page',
    // Logged out these two send the visitor to /login; logged in they show their forms.
    '/update-profile',
    '/update-payment-details',
    '/logout',
    `/game/${ids.otherGameId}`,
  ];
}
