import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_OPEN_FORMAT_BYTES, MAX_QUESTIONS } from '@streethunt/shared';
import { KMZ_LIMITS } from './kmz.ts';
import { readOpenFormat } from './read-open-format.ts';

const gpx = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">\n${body}\n</gpx>`);
const wpt = (lat: number | string, lon: number | string, name = 'A point') => `<wpt lat="${lat}" lon="${lon}"><name>${name}</name></wpt>`;

/** A zip record of `size` bytes: the little-endian fields given (offset, width in bytes, value), zeros elsewhere. */
function record(size: number, fields: Array<[at: number, width: 2 | 4, value: number]>): Buffer {
  const bytes = Buffer.alloc(size);
  for (const [at, width, value] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
}

/** A zip archive with the given entries (stored deflated), written by hand: a real KMZ's layout. */
function zip(entries: Array<{ name: string; data: Buffer; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    // Signature, version needed, method 8 (deflate), CRC-32, sizes packed and unpacked, name length.
    const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], [14, 4, crc], [18, 4, packed.length], [22, 4, size], [26, 2, name.length]]);
    locals.push(local, name, packed);
    // The same in the central directory, with the version made by and where the local record starts.
    const central = record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, 8], [16, 4, crc], [20, 4, packed.length], [24, 4, size], [28, 2, name.length], [42, 4, offset]]);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, entries.length], [10, 2, entries.length], [12, 4, directory.length], [16, 4, offset]]);
  return Buffer.concat([...locals, directory, end]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const kml = (placemarks: string) => `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Z</name>${placemarks}</Document></kml>`;
const placemark = `<Placemark><name>P</name><Point><coordinates>34.77,32.07</coordinates></Point></Placemark>`;

/** The refusal of a file: its status, code and message. */
async function refusal(bytes: Buffer) {
  try {
    await readOpenFormat(bytes);
  } catch (error) {
    const { statusCode, code, message } = error as { statusCode: number; code: string; message: string };
    return { statusCode, code, message };
  }
  throw new Error('the file was read');
}

describe('files that are refused, each with what is wrong and where', () => {
  it('not XML, JSON or a zip; XML that is not well-formed (its line); XML that is neither GPX nor KML', async () => {
    expect(await refusal(Buffer.from('just some words'))).toMatchObject({ statusCode: 400, code: 'validation', message: 'This file is not GPX, KML, KMZ or a geo-tales story (JSON)' });
    expect((await refusal(gpx('<wpt lat="1" lon="2"><name>x</wpt>'))).message).toMatch(/^This is not well-formed XML: .*\(line 3\)$/);
    expect((await refusal(Buffer.from('<?xml version="1.0"?>\n<html><body/></html>'))).message).toBe('This XML file is not GPX or KML: its root element is <html> (in html, line 1)');
    expect((await refusal(Buffer.from('{"title": "x"}'))).message).toBe('This JSON file is not a geo-tales story: it needs "locations" and "screens" objects');
    expect((await refusal(Buffer.from('{"title": '))).message).toMatch(/^This JSON file does not read: /);
    expect((await refusal(Buffer.alloc(0))).message).toBe('The file is empty');
  });

  it('a DOCTYPE or entity declaration, before anything is expanded or fetched', async () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<gpx version="1.1">${wpt(1, 2, '&lol2;')}</gpx>`;
    expect((await refusal(Buffer.from(laughs))).message).toBe('The file declares a DOCTYPE or entities, which are not read (they can expand without end or fetch other files) (line 2)');
    const external = `<?xml version="1.0"?>\n<!DOCTYPE kml SYSTEM "file:///etc/passwd">\n<kml><Document>${placemark}</Document></kml>`;
    expect((await refusal(Buffer.from(external))).statusCode).toBe(400);
  });

  it('no points; more stops than a game may have; coordinates out of range or unreadable (the element and line)', async () => {
    expect((await refusal(gpx('<metadata><name>Empty</name></metadata>'))).message).toBe('The file holds no points to make stops of');
    const many = Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => wpt(32 + i / 1000, 34.7)).join('\n');
    expect((await refusal(gpx(many))).message).toBe(`The file holds ${MAX_QUESTIONS + 1} stops; a game may have at most ${MAX_QUESTIONS}`);
    expect((await refusal(gpx(`${wpt(32, 34)}\n${wpt(132, 34)}`))).message).toBe('A point\'s coordinates are out of range: latitude 132 (-90 to 90), longitude 34 (-180 to 180) (in wpt 2, line 4)');
    expect((await refusal(gpx(wpt('north', 34)))).message).toBe('A point has no readable coordinates (latitude north, longitude 34) (in wpt 1, line 3)');
    expect((await refusal(Buffer.from(kml(`<Placemark><name>Far</name><Point><coordinates>200,32</coordinates></Point></Placemark>`)))).message).toMatch(/longitude 200 .*\(in Placemark 1 "Far", line 1\)$/);
  });

  it('a file over the size cap', async () => {
    const big = Buffer.alloc(MAX_OPEN_FORMAT_BYTES + 1, 0x20);
    expect((await refusal(big)).message).toBe(`The file is ${MAX_OPEN_FORMAT_BYTES + 1} bytes; at most ${MAX_OPEN_FORMAT_BYTES} are read`);
  });

  it('a KMZ that expands past its cap, lies about its size, holds a path that climbs out, or holds no KML', async () => {
    const huge = Buffer.alloc(KMZ_LIMITS.kmlBytes + 1, 0x20);
    expect((await refusal(zip([{ name: 'doc.kml', data: huge }]))).message).toBe(`The KML in this KMZ is ${KMZ_LIMITS.kmlBytes + 1} bytes; at most ${KMZ_LIMITS.kmlBytes} are read`);
    // A header that says 100 bytes over 6 MB of spaces: refused while inflating, not after.
    expect((await refusal(zip([{ name: 'doc.kml', data: Buffer.alloc(6 * 1024 * 1024, 0x20), declaredSize: 100 }]))).message).toMatch(/KMZ/);
    expect((await refusal(zip([{ name: '../../evil.kml', data: Buffer.from(kml(placemark)) }]))).message).toBe('This KMZ holds a path that climbs out of the archive: ../../evil.kml');
    expect((await refusal(zip([{ name: 'images/a.png', data: Buffer.from('png') }]))).message).toBe('This KMZ holds no KML file (doc.kml)');
    expect((await refusal(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('not a zip at all')]))).message).toMatch(/^This KMZ is not a readable zip archive/);
    // And a good one reads.
    const read = await readOpenFormat(zip([{ name: 'doc.kml', data: Buffer.from(kml(placemark)) }, { name: 'files/icon.png', data: Buffer.from('png') }]));
    expect(read.summary).toMatchObject({ format: 'kmz', stops: 1, areas: { point: 1, polygon: 0 } });
  });
});

const describedKml = (description: string, extra = '') =>
  Buffer.from(kml(`<Placemark><name>P</name><description><![CDATA[${description}]]></description>${extra}<Point><coordinates>34.77,32.07</coordinates></Point></Placemark>`));
const story = (location: unknown, text = 'Walk on') =>
  Buffer.from(JSON.stringify({ locations: { there: location }, screens: { start: { type: 'navigate', location: 'there', next: 'read' }, read: { type: 'text', text } } }));

/** The shortest of two reads of `file`, in ms (the faster run shows the work, not the machine's load). */
async function fastestRead(file: Buffer): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 2; run++) {
    const started = performance.now();
    await readOpenFormat(file).catch(() => undefined);
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

describe('files made to cost time', () => {
  it('a description of "<a " many times is read in linear time: four times the text takes about four times as long (a pattern took 5 s for 96 KB, and hours for 5 MB)', async () => {
    // Plain text that grows past a field's limit once escaped: refused.
    const refused = await refusal(describedKml('<a '.repeat(32_000)));
    expect(refused).toMatchObject({ statusCode: 400, code: 'validation', message: expect.stringContaining('questions.0.content') });
    // Compared with itself, not with a clock: a busy machine slows both alike. Linear is about 4 (a little more with more memory to allocate), quadratic 16.
    const n = 200_000;
    const growth = (await fastestRead(describedKml('<a '.repeat(4 * n)))) / (await fastestRead(describedKml('<a '.repeat(n))));
    expect(growth).toBeLessThan(10);
  });
});

describe('files whose game would break a limit: 400 with the reason, never a failed reply', () => {
  it('a geo-tales circle of radius 1e300, or around latitude 90', async () => {
    expect(await refusal(story({ type: 'circle', center: { latitude: 32, longitude: 34 }, radius: 1e300 }))).toEqual({
      statusCode: 400,
      code: 'validation',
      message: "A circle of radius 1e+300 m around latitude 32, longitude 34 reaches past the map's edge (latitude -90 to 90, longitude -180 to 180) (in locations.there)",
    });
    expect((await refusal(story({ type: 'circle', center: { latitude: 90, longitude: 34 }, radius: 100 }))).message).toMatch(/^A circle of radius 100 m around latitude 90, longitude 34 reaches past the map's edge/);
    // A circle the size of a point's area stays a point, even at the pole.
    expect((await readOpenFormat(story({ type: 'circle', center: { latitude: 90, longitude: 34 }, radius: 30 }))).file.game.questions[0]!.location).toEqual({ lat: 90, lng: 34 });
  });

  it('geo-tales choices that lead to one screen in more ways than a condition holds (the screen named)', async () => {
    // Three forks of 8 options, 7 of each leading to `a` and the 8th on to the next fork: 21 ways to `a`.
    const fork = (next: string) => ({ type: 'choices', text: 'Which?', choices: Array.from({ length: 8 }, (_, i) => ({ text: `${i}`, next: i < 7 ? 'a' : next })) });
    const screens = { start: fork('f2'), f2: fork('f3'), f3: fork('b'), a: { type: 'text', text: 'A' }, b: { type: 'text', text: 'B' } };
    expect(await refusal(Buffer.from(JSON.stringify({ locations: {}, screens })))).toEqual({
      statusCode: 400,
      code: 'validation',
      message: "The story's choices lead to this screen in 21 ways; a question can open on at most 19 (in screens.a)",
    });
  });

  it('a geo-tales story of more stops than a game may have (30,000 forks), refused before its conditions are made', async () => {
    const screens: Record<string, unknown> = { start: { type: 'text', text: 'Go', next: 'f0' } };
    for (let i = 0; i < 30_000; i++) screens[`f${i}`] = { type: 'choices', text: 'Which?', choices: [{ text: 'On', next: `f${i + 1}` }, { text: 'Stop', next: 'end' }] };
    screens['f30000'] = { type: 'finish' };
    screens.end = { type: 'finish' };
    expect((await refusal(Buffer.from(JSON.stringify({ locations: {}, screens })))).message).toBe(`The file holds 30001 stops; a game may have at most ${MAX_QUESTIONS}`);
  });

  it('XML nested past the parser’s limit', async () => {
    const deep = Buffer.from(kml(`<Placemark><name>P</name>${'<x>'.repeat(101)}${'</x>'.repeat(101)}<Point><coordinates>34.77,32.07</coordinates></Point></Placemark>`));
    expect(await refusal(deep)).toEqual({ statusCode: 400, code: 'validation', message: 'This XML file nests elements more than 100 deep; a GPX or KML file needs far fewer' });
  });

  it('a description past 100,000 characters once escaped, in KML and in geo-tales (the field and the stop)', async () => {
    expect((await refusal(describedKml('&'.repeat(30_000)))).message).toBe(
      "What this file holds is past a game's limits: questions.0.content: Too big: expected string to have <=100000 characters (in Placemark 1 \"P\", line 1)",
    );
    const told = await refusal(story({ type: 'circle', center: { latitude: 32, longitude: 34 }, radius: 30 }, '<'.repeat(60_000)));
    expect(told).toMatchObject({ statusCode: 400, code: 'validation', message: expect.stringMatching(/questions\.0\.content: Too big.*\(in screens\.read\)$/) });
  });
});
