// Its types add req.cookies (app.ts registers the plugin).
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTH_COOKIE,
  AUTH_PATHS,
  type AuthChallenge,
  type AuthEmailRestored,
  type AuthErrorCode,
  type AuthFailure,
  type AuthLoggedOut,
  type AuthMessage,
  type AuthSignInfo,
  type AuthSuccess,
} from '../../../shared/auth';
import { resolveLanguage, type LanguageId } from '../../../shared/locales';
import { isSafeText } from '../../../shared/text';
import { t } from '../../i18n';
import { PasswordHashBusyError } from '../../security/password';
import { bearerToken } from '../admin';
import { AuthError, busyRefusal, createAuthService, fail, type AuthServiceDeps } from './auth-service';

/** What the /auth routes need: the auth service's (auth-service.ts). */
export type AuthRouteDeps = AuthServiceDeps;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null);
// GET sends everything as query strings: numbers and booleans arrive as text.
const numberFromQuery = z.preprocess((value) => (typeof value === 'string' && value !== '' ? Number(value) : value), z.number().int().min(1).max(10_080));
const booleanFromQuery = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

const bodySchema = z.object({
  username: z.string().max(254).optional(),
  password: z.string().max(1024).optional(),
  newPassword: z.string().max(1024).optional(),
  sessionLifetime: numberFromQuery.optional(),
  signature: z.string().max(600).optional(),
  loginToken: z.string().max(2048).optional(),
  key: z.string().max(200).optional(),
  customerType: z.enum(['PERSON', 'ORGANIZATION']).optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  companyName: text(200).optional(),
  organisationIdNumber: text(20).optional(),
  newsletterConsent: booleanFromQuery.optional(),
  everywhere: booleanFromQuery.optional(),
  languageId: z.string().max(10).optional(),
})
  // Text the database cannot hold (a NUL, an unpaired surrogate) is a bad field, as the GraphQL input guard
  // answers it, not a failed INSERT (it answered 500).
  .refine((body) => Object.values(body).every((value) => typeof value !== 'string' || isSafeText(value)));
type Body = z.infer<typeof bodySchema>;

const STATUS: Record<AuthErrorCode, number> = {
  ACCOUNT_EXISTS: 409,
  WRONG_CREDENTIALS: 401,
  WRONG_PASSWORD_LOGGED_OUT: 401,
  INVALID_FIELDS: 400,
  RESET_KEY_INVALID: 400,
  EMAIL_KEY_INVALID: 400,
  SIGNATURE_INVALID: 400,
  UNAUTHENTICATED: 401,
  RATE_LIMITED: 429,
  BUSY: 503,
  CROSS_SITE: 403,
  SHOP_AS_FORBIDDEN: 403,
};

/** The request's language (languageId in the query or the body; Swedish otherwise) and its fields. */
function fieldsOf(req: FastifyRequest): { body: Body | null; language: LanguageId } {
  // A GET's fields are its query string.
  const raw: unknown = req.method === 'GET' ? req.query : (req.body ?? {});
  const pick = (source: unknown) => (source && typeof source === 'object' && 'languageId' in source && typeof source.languageId === 'string' ? source.languageId : undefined);
  const language = resolveLanguage(undefined, pick(req.query) ?? pick(raw));
  const parsed = bodySchema.safeParse(raw);
  return { body: parsed.success ? parsed.data : null, language };
}

/**
 * Whether the request came from the shop's own pages or from the shopper typing the address (Sec-Fetch-Site
 * same-origin or none). A browser attaches the apollo-token cookie to any site's navigation or form post here, so
 * only then may the cookie stand for the shopper; anyone else sends the token as a Bearer (as /graphql asks).
 */
function fromOwnPages(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/** A browser says another site sent it; a request without Sec-Fetch-Site is no browser's (or an old one's). */
function fromOtherSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** The bearer token of the request, else its apollo-token cookie when the request came from the shop's own pages. */
function tokenOf(req: FastifyRequest): string | null {
  return bearerToken(req.headers.authorization) ?? (fromOwnPages(req) ? (req.cookies[AUTH_COOKIE] ?? null) : null);
}

/**
 * The customer auth endpoints: /auth/register, /auth/login (also refresh and shop-as), /auth/password,
 * /auth/logout, /auth/sign/:value, /auth/forgot-password, /auth/reset-password, and the e-mail change's
 * /auth/confirm-email and /auth/undo-email. Success answers 200 with the
 * shapes of shared/auth.ts; a failure 4xx {message, code}, message in the request's language (languageId in the
 * query or body, Swedish otherwise). Nothing here may be stored by a cache.
 */
export function registerAuthRoutes(fastify: FastifyInstance, deps: AuthRouteDeps): void {
  const auth = createAuthService(deps);

  const handle =
    (run: (req: FastifyRequest, body: Body, language: LanguageId) => Promise<AuthSuccess | AuthChallenge | AuthLoggedOut | AuthMessage | AuthSignInfo | AuthEmailRestored>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { body, language } = fieldsOf(req);
      try {
        // Another site's page may post here (a form needs no CORS), e.g. to log the shopper in as someone else, or
        // make its visitors' browsers fetch a GET (40 <img> tags were 40 slow hashes each): none of these endpoints
        // serves another site.
        if (fromOtherSite(req)) throw fail('CROSS_SITE', 'server.auth.crossSite');
        if (!body) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
        await auth.ready();
        return reply.status(200).send(await run(req, body, language));
      } catch (caught) {
        const error = caught instanceof PasswordHashBusyError ? busyRefusal(caught) : caught;
        if (!(error instanceof AuthError)) throw error;
        if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
        const failure: AuthFailure = { message: t(language, error.textId, error.values), code: error.code };
        return reply.status(STATUS[error.code]).send(failure);
      }
    };

  const login = handle(async (req, body) => {
    if (body.loginToken) return auth.shopAsLogin(body.loginToken);
    // No credentials: a refresh of the session the request's token belongs to.
    if (body.username === undefined && body.password === undefined) return auth.refresh(tokenOf(req));
    return auth.login(body, req.ip);
  });
  fastify.post(AUTH_PATHS.login, login);
  fastify.get(AUTH_PATHS.login, login);

  fastify.post(
    AUTH_PATHS.register,
    handle((req, body, language) => auth.register(body, req.ip, language)),
  );

  fastify.post(
    AUTH_PATHS.password,
    handle((req, body) => auth.changePassword(tokenOf(req), body, req.ip)),
  );

  // Only a POST may end every session: a GET is a link anyone can make the shopper follow.
  const logout = handle((req, body) => auth.logout(tokenOf(req), Boolean(body.everywhere) && req.method === 'POST'));
  fastify.post(AUTH_PATHS.logout, logout);
  fastify.get(AUTH_PATHS.logout, logout);

  fastify.get<{ Params: { value: string } }>(
    `${AUTH_PATHS.sign}/:value`,
    handle((req) => auth.signInfo((req.params as { value: string }).value, req.ip)),
  );

  fastify.post(
    AUTH_PATHS.forgotPassword,
    handle((req, body, language) =>
      auth.forgotPassword(body.username, req.ip, language, (error) => req.log.error({ err: error }, 'The password reset mail could not be queued')),
    ),
  );

  fastify.post(
    AUTH_PATHS.resetPassword,
    handle((req, body) => auth.resetPassword(body, req.ip)),
  );

  // The e-mail change's links, posted by the page they open (never on the GET of the link, which mail scanners fetch).
  fastify.post(
    AUTH_PATHS.confirmEmail,
    handle((req, body, language) => auth.confirmEmail(body.key, tokenOf(req), req.ip, language)),
  );

  fastify.post(
    AUTH_PATHS.undoEmail,
    handle((req, body, language) => auth.undoEmail(body.key, req.ip, language)),
  );
}
