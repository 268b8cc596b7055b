/**
 * The baseline `bench/lighthouse.ts` measures the app against: the app's own HTML for a page with its
 * JavaScript taken out, served by a small server on another port that proxies everything else to the app
 * server, so the CSS, images and fonts come from the same server with the same headers and bytes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A start tag whose attribute values may hold `>`. */
const TAG_BODY = String.raw`(?:[^>"']|"[^"]*"|'[^']*')*`;
const SCRIPT = new RegExp(String.raw`<script\b${TAG_BODY}>[\s\S]*?</script\s*>`, 'gi');
const LINK = new RegExp(String.raw`<link\b(${TAG_BODY})>`, 'gi');
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

type Attribute = { name: string; value: string | null };

function attributes(body: string): Attribute[] {
  return [...body.matchAll(ATTRIBUTE)].map((m) => ({ name: m[1]!.toLowerCase(), value: m[2] ?? m[3] ?? m[4] ?? null }));
}

const attr = (list: Attribute[], name: string) => list.find((a) => a.name === name)?.value?.trim().toLowerCase() ?? '';

/**
 * The page without JavaScript: every `<script>` (module, inline, JSON data) and every preload that only
 * feeds scripts (`modulepreload`, `preload` as script or fetch) goes; a style preload, which the app's
 * script turns into a stylesheet, becomes that stylesheet (same href, same CSS). Event-handler attributes
 * on links go with it. Everything else stays. `removed` says what was taken, for the bench's log.
 */
export function toBaselineHtml(html: string): { html: string; removed: string[] } {
  const removed: string[] = [];
  const out = html
    .replace(SCRIPT, (tag) => {
      removed.push(tag.slice(0, tag.indexOf('>') + 1));
      return '';
    })
    .replace(LINK, (tag, body: string) => {
      const list = attributes(body);
      const rel = attr(list, 'rel').split(/\s+/);
      const as = attr(list, 'as');
      if (rel.includes('modulepreload') || (rel.includes('preload') && (as === 'script' || as === 'fetch'))) {
        removed.push(tag);
        return '';
      }
      if (!(rel.includes('preload') && as === 'style')) return tag;
      const kept = list
        .filter((a) => a.name !== 'as' && !a.name.startsWith('on'))
        .map((a) => (a.name === 'rel' ? 'rel="stylesheet"' : a.value === null ? a.name : `${a.name}="${a.value.replace(/"/g, '&quot;')}"`));
      return `<link ${kept.join(' ')}>`;
    });
  return { html: out, removed };
}

/** Headers that belong to one connection or to the bytes as the app sent them, not to the page. */
const NOT_COPIED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'etag', 'last-modified', 'date']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive']);

type Page = { headers: OutgoingHttpHeaders; bodies: { identity: Buffer; br: Buffer; gzip: Buffer } };

export type BaselinePage = { url: string; file: string; removed: string[] };

export type BaselineServer = {
  /** http://127.0.0.1:{port} */
  url: string;
  /** Fetches the app's HTML for `pagePath`, writes its baseline into the temp folder and serves it at `pagePath`. */
  add(pagePath: string): Promise<BaselinePage>;
  stop(): Promise<void>;
};

/** br first, as the app server picks; a q=0 refuses. */
function coding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .filter((part) => !/;\s*q=0(?:\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

export async function startBaselineServer(appUrl: string): Promise<BaselineServer> {
  const app = new URL(appUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'streethunt-baseline-'));
  const pages = new Map<string, Page>();
  // Kept-alive connections to the app, as the browser keeps its own: the proxy adds no handshake per file.
  const agent = new Agent({ keepAlive: true });

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const page = req.method === 'GET' || req.method === 'HEAD' ? pages.get(pathname) : undefined;
    if (page) {
      const chosen = coding(req.headers['accept-encoding']);
      const body = page.bodies[chosen];
      res.writeHead(200, { ...page.headers, ...(chosen === 'identity' ? {} : { 'content-encoding': chosen }), 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    // Anything else goes to the app unchanged (its Host too), and its reply comes back byte for byte.
    const upstream = httpRequest(
      { host: app.hostname, port: app.port, method: req.method, path: req.url, headers: { ...req.headers, host: app.host }, agent },
      (reply) => {
        const headers: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
        res.writeHead(reply.statusCode ?? 502, reply.statusMessage, headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`baseline proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('could not read the baseline server port');
  const url = `http://127.0.0.1:${address.port}`;

  const add = async (pagePath: string): Promise<BaselinePage> => {
    const response = await fetch(`${appUrl}${pagePath}`);
    if (!response.ok) throw new Error(`${appUrl}${pagePath} answered ${response.status}`);
    const { html, removed } = toBaselineHtml(await response.text());
    // Absolute links to the app (canonical, og:image, a cover image by full URL) point at this origin, so
    // every request stays on one origin, as on the app's own page.
    const file = path.join(dir, `${pagePath.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'index'}.html`);
    await writeFile(file, html.replaceAll(app.origin, url));
    const text = await readFile(file);
    const headers: OutgoingHttpHeaders = {};
    response.headers.forEach((value, name) => {
      if (!NOT_COPIED.has(name)) headers[name] = value;
    });
    // Compressed as the app's index.html is at build time (best brotli and gzip).
    const bodies = {
      identity: text,
      br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
      gzip: gzipSync(text, { level: 9 }),
    };
    pages.set(pagePath, { headers, bodies });
    return { url: `${url}${pagePath}`, file, removed };
  };

  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    agent.destroy();
    await rm(dir, { recursive: true, force: true });
  };
  return { url, add, stop };
}
