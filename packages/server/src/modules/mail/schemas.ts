import { Type } from '@sinclair/typebox';

export const ListMessagesQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 254 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

export const MessageParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
