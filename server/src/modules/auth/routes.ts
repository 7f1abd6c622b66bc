/** HTTP for sign-in, tokens, self-registration, e-mail verification and password reset. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/validation.js';
import { roleNamesOf } from '../roles/service.js';
import * as accounts from './accounts.js';
import { AccountLookupBody, LoginBody, LogoutBody, RefreshBody, RegisterBody, ResetPasswordBody } from './schemas.js';
import * as auth from './service.js';

interface LinkParams {
  uid: string;
  token: string;
}

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The answer names the user's roles too ('Front Desk'), for the top bar and the greeting.
  app.post('/auth/login/', { config: { access: 'public' } }, async (request) => {
    const answer = await auth.login(ctx, parseBody(LoginBody, request.body), request.ip);
    return { ...answer, roles: await roleNamesOf(ctx.db, answer) };
  });

  app.post('/api/token/refresh/', { config: { access: 'public' } }, async (request) =>
    auth.refresh(ctx, parseBody(RefreshBody, request.body).refresh, request.ip),
  );

  // Sign-out. The site sends it with keepalive on Logout (text/plain JSON is read too), often with
  // an access token that has just expired: the refresh token alone also names the sign-in.
  app.post('/auth/logout/', { config: { access: 'public' } }, async (request) => {
    const body = parseBody(LogoutBody, request.body);
    const bearerToken = /^\s*bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    await auth.logout(ctx, bearerToken, body.refresh);
    return { detail: 'Signed out.' };
  });

  app.post('/auth/register/member/', { config: { access: 'public' } }, async (request, reply) => {
    const member = await accounts.registerMember(ctx, parseBody(RegisterBody, request.body), request.ip);
    return reply.status(201).send(member);
  });

  app.get<{ Params: LinkParams }>('/auth/verify-email/:uid/:token/', { config: { access: 'public' } }, async (request) =>
    accounts.verifyEmail(ctx, request.params.uid, request.params.token),
  );

  app.post('/auth/forgot-password/', { config: { access: 'public' } }, async (request) => {
    await accounts.forgotPassword(ctx, parseBody(AccountLookupBody, request.body).username, request.ip);
    return { detail: accounts.FORGOT_PASSWORD_ANSWER };
  });

  app.post('/auth/resend-verification/', { config: { access: 'public' } }, async (request) => {
    await accounts.resendVerification(ctx, parseBody(AccountLookupBody, request.body).username, request.ip);
    return { detail: accounts.RESEND_VERIFICATION_ANSWER };
  });

  app.post<{ Params: LinkParams }>('/auth/reset-password/:uid/:token/', { config: { access: 'public' } }, async (request) => {
    await accounts.resetPassword(ctx, request.params.uid, request.params.token, parseBody(ResetPasswordBody, request.body));
    return { detail: 'Password reset successful.' };
  });
};
