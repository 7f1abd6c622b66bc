/**
 * Builds the HTTP application: one Fastify instance with the error handling, security headers,
 * CORS, the access guard and every module's routes. Used in-process by the tests and by main.
 * Migrations are not run here: `migrate(db)` does that (main runs it before serving).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type onSendHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { createDb, ping } from './db/connection.js';
import type { Database } from './db/schema.js';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { registerErrorHandling } from './http/error-handler.js';
import { guard } from './http/guard.js';
import { accessPolicy } from './modules/auth/access.js';
import { registerJsonBody } from './http/json-body.js';
import { redactUrl, registerSecurity, SECURITY_HEADERS } from './http/security.js';
import { warnOnUntrustedProxy } from './http/proxy-warning.js';
import { createMailer } from './mail/mailer.js';
import { createDispatcher } from './modules/notices/delivery.js';
import type { MailTransport } from './mail/transport.js';
import { authRoutes } from './modules/auth/routes.js';
import { bookRoutes } from './modules/books/routes.js';
import { copyRoutes } from './modules/copies/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { profileRoutes } from './modules/users/profile-routes.js';
import { memberProfileRoutes } from './modules/members/profile-routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { fineRoutes } from './modules/fines/routes.js';
import { registerMultipart } from './http/multipart.js';
import { MediaStore } from './storage/service.js';
import { mediaRoutes } from './storage/routes.js';
import { circulationRoutes } from './modules/circulation/routes.js';
import { reservationRoutes } from './modules/reservations/routes.js';
import { releaseReservationsOf } from './modules/reservations/service.js';
import { onMemberDeparture } from './modules/members/departures.js';
import { onInvitedMember } from './modules/users/service.js';
import { startMemberships } from './modules/members/membership.js';
import { readLibraryToday } from './lib/library-clock.js';
// Held copies follow circulation's lends and returns: reservations registers its hooks on load.
import './modules/reservations/copy-holds.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { dashboardRoutes } from './modules/dashboards/routes.js';
import { stockRoutes } from './modules/stock/routes.js';
import { startScheduler, type Scheduler } from './modules/notices/scheduler.js';
import { registerSchedulerJobs } from './modules/notices/jobs.js';
import { LOAN_JOBS } from './modules/circulation/jobs.js';
import { HOLD_JOBS } from './modules/reservations/jobs.js';
import { MEMBERSHIP_JOBS } from './modules/members/membership-jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' shared dependencies (tests reach the database through it). */
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** An open database to use; by default buildApp opens one from the config and closes it on close. */
  db?: Kysely<Database>;
  /** A mail transport to use instead of the configured one. */
  mailTransport?: MailTransport;
  /** Where log lines go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

const JSON_BODY_LIMIT = 1024 * 1024;
/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
const COMPRESS_MIN_BYTES = 1024;

/** A compressed answer's bytes differ from the identity answer's, so a strong validator becomes a weak one. */
const weakenTagOfEncodedAnswer: onSendHookHandler = async (_request, reply, payload) => {
  const tag = reply.getHeader('etag');
  if (reply.hasHeader('content-encoding') && typeof tag === 'string' && tag.startsWith('"')) reply.header('etag', `W/${tag}`);
  return payload;
};
const MAX_URL_LENGTH = 8 * 1024;

/** Creates the application for a configuration. Call `app.close()` to release it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Only method, path and address: never bodies, Authorization headers or link tokens.
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode gets the usual error body and headers (no hook runs here).
    frameworkErrors: (error, _request, reply) => {
      const answer = reply as unknown as FastifyReply;
      void answer
        .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' })
        .status(400)
        .send({ detail: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL.' : 'Bad request.' });
    },
  });

  const db = options.db ?? createDb(config);
  const mailer = createMailer({ config, log: app.log, ...(options.mailTransport ? { transport: options.mailTransport } : {}) });
  const media = new MediaStore(config);
  const notices = createDispatcher({ db, transport: mailer.transport, log: app.log });
  const ctx: AppContext = { config, db, mailer, notices, log: app.log, media, access: accessPolicy({ config, db }) };
  app.decorate('ctx', ctx);
  // Filled by the guard as routes register: each method, URL and declared access.
  app.decorate('routeTable', []);
  // A member who leaves keeps no reservation: reservations plugs into the member changes.
  onMemberDeparture(releaseReservationsOf);
  // An invited member is approved at once: his membership starts as on approval.
  onInvitedMember(async (trx, memberId, invitedBy) => void (await startMemberships(trx, [memberId], await readLibraryToday(trx), { actorId: invitedBy })));
  // The scheduler's daily jobs come from their modules: the loan notices, then the holds.
  registerSchedulerJobs([...LOAN_JOBS, ...HOLD_JOBS, ...MEMBERSHIP_JOBS]);

  registerErrorHandling(app);
  registerJsonBody(app);
  // A URL longer than any call needs is refused before routing, with the usual body and headers.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) return reply.status(414).send({ detail: 'Request URL is too long.' });
  });
  warnOnUntrustedProxy(app, config);
  await registerSecurity(app, config);
  // Catalogue pages and reference lists shrink to a fraction over a slow mobile link: brotli or
  // gzip by the caller's Accept-Encoding. JSON and text (CSV) are compressed, media that is already
  // compressed (PNG, JPEG, WebP, PDF) goes as it is. Request bodies are never unpacked.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // The compressor's onSend hook is per route; this one goes after it on every route.
  app.addHook('onRoute', (route) => {
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), weakenTagOfEncodedAnswer];
  });
  await registerMultipart(app, Math.max(config.uploadCsvMaxBytes, ...Object.values(media.kinds).map((k) => k.maxBytes)));

  await app.register(async (api) => {
    await api.register(guard, { ctx });
    api.get('/healthz/', { config: { access: 'public' } }, async (_request, reply) =>
      (await ping(db)) ? { status: 'ok' } : reply.status(503).send({ status: 'unavailable' }),
    );
    await api.register(authRoutes, { ctx });
    await api.register(userRoutes, { ctx });
    await api.register(roleRoutes, { ctx });
    await api.register(settingsRoutes, { ctx });
    await api.register(referenceRoutes, { ctx });
    await api.register(profileRoutes, { ctx });
    await api.register(memberProfileRoutes, { ctx });
    await api.register(notificationRoutes, { ctx });
    await api.register(bookRoutes, { ctx });
    await api.register(copyRoutes, { ctx });
    await api.register(memberRoutes, { ctx });
    await api.register(reportRoutes, { ctx });
    await api.register(mediaRoutes, { ctx });
    await api.register(circulationRoutes, { ctx });
    await api.register(fineRoutes, { ctx });
    await api.register(reservationRoutes, { ctx });
    await api.register(noticeRoutes, { ctx });
    await api.register(dashboardRoutes, { ctx });
    await api.register(stockRoutes, { ctx });
  });

  // The notice scheduler ticks once the app is ready and stops before the database closes; the
  // outbox is delivered at once too (what a crash or a stop left waiting goes out on start).
  let scheduler: Scheduler | undefined;
  app.addHook('onReady', async () => {
    scheduler = startScheduler(ctx, config.schedulerTickMs);
    notices.kick();
  });

  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await notices.idle();
    await mailer.close();
    if (!options.db) await db.destroy();
  });
  return app;
}
