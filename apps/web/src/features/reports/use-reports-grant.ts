import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reportsKeys, type ReportsGrant } from './api.ts';

/** A grant's life on the server (POST /api/reports/unlock): the most a local timer waits. */
const GRANT_LIFETIME_MS = 15 * 60_000;

/** How long until `expiresAt`, by this device's clock; a clock so far off that it makes no sense waits the grant's lifetime. */
function grantTimeLeft(expiresAt: string, now = Date.now()): number {
  const left = Date.parse(expiresAt) - now;
  return left > 0 && left <= GRANT_LIFETIME_MS ? left : GRANT_LIFETIME_MS;
}

/**
 * The reports' grant, held in this page's memory only (never storage: the terms' 'dedicated page reached
 * by password'). It closes when it expires, or when the server refuses it (`close`); the page then asks
 * for the password again, with `expired` set so it can say why. Reports read with it leave the cache.
 */
export function useReportsGrant() {
  const queryClient = useQueryClient();
  const [grant, setGrant] = useState<ReportsGrant | null>(null);
  const [expired, setExpired] = useState(false);

  const close = useCallback(() => {
    setGrant(null);
    setExpired(true);
    queryClient.removeQueries({ queryKey: reportsKeys.all });
  }, [queryClient]);

  const open = useCallback((next: ReportsGrant) => {
    setGrant(next);
    setExpired(false);
  }, []);

  useEffect(() => {
    if (!grant) return;
    const timer = setTimeout(close, grantTimeLeft(grant.expiresAt));
    return () => clearTimeout(timer);
  }, [grant, close]);

  // Leaving the page forgets the figures it read.
  useEffect(() => () => queryClient.removeQueries({ queryKey: reportsKeys.all }), [queryClient]);

  return { grant, expired, open, close };
}
