import {
  changePasswordSchema,
  createUserTokenSchema,
  PERMISSION_GROUPS,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordSchema,
  signInSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { callerOf } from '../../http/authenticate';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { RESET_LINK_SENT } from './session.service';
import { DEVICE_TOKEN_ID_HEADER, saveDeviceTokenSchema } from './push-device.service';

export function authRoutes(services: Services): ApiRoute[] {
  const { session, userTokens } = services;
  return [
    route('POST', '/auth/signIn', 'public', async (ctx) => {
      ctx.body = { data: await session.signIn(validate(signInSchema, ctx.request.body), callerOf(ctx)) };
    }),
    route('POST', '/auth/signOut', 'authenticated', async (ctx) => {
      await session.signOut(scopeOf(ctx));
      ctx.status = 204;
    }),
    route('POST', '/me', 'authenticated', async (ctx) => {
      ctx.body = { data: await session.me(scopeOf(ctx)) };
    }),
    route('PUT', '/me', 'authenticated', async (ctx) => {
      ctx.body = {
        data: await session.updateProfile(scopeOf(ctx), validate(updateProfileSchema, ctx.request.body)),
      };
    }),
    route('POST', '/auth/switchCompany/:id', 'authenticated', async (ctx) => {
      ctx.body = { data: await session.switchCompany(scopeOf(ctx), idParam(ctx, 'id'), callerOf(ctx)) };
    }),
    route('POST', '/auth/changePassword', 'authenticated', async (ctx) => {
      await session.changePassword(scopeOf(ctx), validate(changePasswordSchema, ctx.request.body));
      ctx.body = { data: { message: 'Your password has been changed.' } };
    }),
    route('POST', '/auth/resetPassword', 'public', async (ctx) => {
      await session.requestPasswordReset(validate(resetPasswordSchema, ctx.request.body).email);
      ctx.body = { message: RESET_LINK_SENT, data: { message: RESET_LINK_SENT } };
    }),
    route('POST', '/auth/resetPasswordConfirm', 'public', async (ctx) => {
      await session.confirmPasswordReset(validate(resetPasswordConfirmSchema, ctx.request.body));
      ctx.body = { data: { message: 'Your password has been reset.' } };
    }),
    route('POST', '/auth/register', 'public', async (ctx) => {
      ctx.status = 201;
      ctx.body = { data: await session.register(validate(registerSchema, ctx.request.body), callerOf(ctx)) };
    }),
    route('POST', '/auth/verifyEmail', 'public', async (ctx) => {
      await session.verifyEmail(validate(verifyEmailSchema, ctx.request.body));
      ctx.body = { data: { message: 'Your e-mail address has been verified.' } };
    }),
    route('POST', '/auth/resendVerification', 'authenticated', async (ctx) => {
      await session.resendVerification(scopeOf(ctx));
      ctx.body = { data: { message: 'A verification e-mail is on its way.' } };
    }),
    route('PUT', '/auth/saveFcmDeviceToken', 'authenticated', async (ctx) => {
      const input = validate(saveDeviceTokenSchema, ctx.request.body);
      const saved = await services.pushDevices.save(scopeOf(ctx), input.device_token, input.device_type);
      ctx.set(DEVICE_TOKEN_ID_HEADER, String(saved.id));
      ctx.body = { data: saved };
    }),
    route('DELETE', '/auth/deleteFcmDeviceToken/:id', 'authenticated', async (ctx) => {
      await services.pushDevices.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
    route('GET', '/permissions', 'authenticated', async (ctx) => {
      ctx.body = { data: PERMISSION_GROUPS };
    }),
    route('GET', '/userTokens', 'authenticated', async (ctx) => {
      ctx.body = { data: await userTokens.list(scopeOf(ctx)) };
    }),
    route('POST', '/userTokens', 'authenticated', async (ctx) => {
      const { name } = validate(createUserTokenSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await userTokens.create(scopeOf(ctx), name) };
    }),
    route('DELETE', '/userTokens/:id', 'authenticated', async (ctx) => {
      await userTokens.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
