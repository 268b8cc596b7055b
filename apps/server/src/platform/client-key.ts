import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a per-address limit counts (wrong codes, free plays, every route's rate limit), from the
 * address Fastify found (request.ip, or a socket's): an IPv4 address as it is; an IPv6 client by its
 * /64, since one subscriber or host is handed a whole /64 and can use a new address for every call;
 * an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports an IPv4 peer) as the
 * IPv4 address. A zone id (`%eth0`) and brackets are ignored. Anything else is returned unchanged.
 */
export function clientKey(ip: string): string {
  let address = ip.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (compressed `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.lastIndexOf(':');
  const tail = text.slice(dotted + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, dotted + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(rest);
  const groups = rest === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups;
}
