let clients = 0;

/**
 * A new client address per call, so per-address limits (rate limits, the wrong-code limit) only bite
 * where a test means them to. One counter for the whole test file, whichever helper asks.
 */
export function nextIp(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}
