import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/schemas/common';
import type { Property } from '../../shared/schemas/properties';
import { SESSION_COOKIE, findSessionUser } from '../modules/auth';

/** The template of the visitor's '/', built beside index.html (src/web/visitor.html). */
const VISITOR_TEMPLATE = 'visitor.html';

/**
 * The server side of the visitor's page (src/web/visitor-server.tsx), built by Vite into
 * the folder 'ssr' beside the web root and loaded at start: this code never imports React.
 */
export interface VisitorRenderer {
  firstPageUrl: string;
  renderVisitorPage(input: {
    template: string;
    items: Property[];
    totalHeader: string | null;
    isPhone: boolean;
  }): string;
}

interface VisitorPage {
  template: string;
  renderer: VisitorRenderer;
}

/** The built renderer and template, or null when the build has none (then '/' is the SPA's). */
export async function loadVisitorPage(webRoot: string): Promise<VisitorPage | null> {
  const templateFile = path.join(webRoot, VISITOR_TEMPLATE);
  const rendererFile = path.join(path.dirname(webRoot), 'ssr', 'visitor-server.js');
  if (!existsSync(templateFile) || !existsSync(rendererFile)) return null;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as VisitorRenderer;
  return { template: readFileSync(templateFile, 'utf8'), renderer };
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and
 * every non-/api path falls back to index.html so the client router can take it.
 * Unknown /api paths answer a JSON 404.
 *
 * '/' without a valid session is the visitor's page instead: the property browser rendered
 * here with its first page of properties, hydrated by a script much smaller than the SPA's
 * (docs/decisions/0012-visitor-home-page.md). `visitorPage` is for tests; by default it is
 * the build's.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string | null,
  visitorPage?: VisitorPage | null,
): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  const hasBuild = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // '/' is answered below; the visitor's template is no page of its own.
      index: false,
      globIgnore: [`${VISITOR_TEMPLATE}*`],
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  const visitor = hasBuild
    ? visitorPage === undefined
      ? await loadVisitorPage(webRoot)
      : visitorPage
    : null;

  const renderedPages: RenderedPages = new Map();
  const sendSpa = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html');

  if (hasBuild) {
    // A page, not an API call: kept out of the OpenAPI document.
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      // A shared search ('/?beds=2&city=Boise') is the browser's to read: the server renders
      // only the catalogue's unfiltered first page.
      const searched = request.url.includes('?');
      if (!visitor || searched || (await hasValidSession(app, request))) return sendSpa(reply);
      const html = await renderForVisitor(app, request, visitor, renderedPages);
      if (html === null) return sendSpa(reply);
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie, User-Agent')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendSpa(reply);
    }
    return reply.status(404).send({
      message: `Not found: ${request.method} ${pathname}`,
      code: 'not_found',
    } satisfies ErrorBody);
  });
}

/** A logged-in user's '/' is their own home in the SPA (dashboard, queue, tenant's home). */
async function hasValidSession(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const session = await findSessionUser(app.db, token, app.config.now(), app.config.session);
  return session !== null;
}

/** The last page rendered for each layout guess, and the catalogue revision it shows. */
type RenderedPages = Map<boolean, { etag: string; html: string }>;

/**
 * The visitor's page with the catalogue's first page, read through the public list call
 * itself (same query, same shape as the browser's own fetch); null when that call fails,
 * and the SPA then shows its own error. Rendering costs tens of milliseconds of CPU, so the
 * page is rendered again only when the list's ETag (its public-listing revision) changes.
 */
async function renderForVisitor(
  app: FastifyInstance,
  request: FastifyRequest,
  { template, renderer }: VisitorPage,
  rendered: RenderedPages,
): Promise<string | null> {
  const answer = await app.inject({ method: 'GET', url: renderer.firstPageUrl });
  if (answer.statusCode !== 200) {
    request.log.warn({ status: answer.statusCode }, "the visitor's page could not read properties");
    return null;
  }
  // The server's guess only decides whether the sidebar starts closed before the script
  // runs; the page's media query corrects a wrong guess.
  const isPhone = /\bMobi|Android/i.test(request.headers['user-agent'] ?? '');
  const etag = answer.headers.etag;
  const kept = rendered.get(isPhone);
  if (typeof etag === 'string' && kept?.etag === etag) return kept.html;
  const totalHeader = answer.headers['x-total-count'];
  const html = renderer.renderVisitorPage({
    template,
    items: answer.json<Property[]>(),
    totalHeader: typeof totalHeader === 'string' ? totalHeader : null,
    isPhone,
  });
  if (typeof etag === 'string') rendered.set(isPhone, { etag, html });
  return html;
}
