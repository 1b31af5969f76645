import type { Module } from '../../platform/app.ts';
import { revokeMemberTokens } from '../../modules/oauth/tokens.ts';

/** A blocked, disconnected (OFFLINE) or deleted member loses every session: their refresh tokens stop working (access tokens expire). */
export const sessionRevocation: Module = (_app, ctx) => {
  ctx.events.subscribe('member.*', async (event) => {
    const status = event.payload.status;
    if (event.type === 'deleted' || status === 'BLOCKED' || status === 'DELETED' || status === 'OFFLINE')
      await revokeMemberTokens(ctx, event.entityId);
  });
};
