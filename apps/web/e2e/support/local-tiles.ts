import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small grey 256x256 PNG, the size of a real tile on screen (a few hundred bytes). */
function tilePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(256, 0xdd)]);
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real HTTP server on a free local port that answers `GET /{z}/{x}/{y}.png` with a small PNG, as a tile
 * server does (CORS allowed, as OpenFreeMap's and OpenStreetMap's are), for the server under test to use as
 * TILE_URL; it counts the tiles asked for.
 */
export async function startLocalTiles() {
  const png = tilePng();
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD' }).end();
      return;
    }
    if (!/^\/\d{1,2}\/\d+\/\d+\.png$/.test(path)) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    asked.push(path);
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length), 'access-control-allow-origin': '*', 'cache-control': 'max-age=86400' }).end(request.method === 'HEAD' ? undefined : png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    tileBytes: png.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
