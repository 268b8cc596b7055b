/** What the page and the service worker say to each other (the page side: app/service-worker/). */

/** Page → waiting worker: take over now (the page reloads when it has). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** Worker → pages, on the Background Sync below: send what the outbox keeps. */
export const FLUSH_OUTBOX_MESSAGE = 'flush-outbox';
/** The Background Sync tag the page registers when its outbox holds something. */
export const OUTBOX_SYNC_TAG = 'outbox';
