import { type Static, Type } from '@sinclair/typebox';

const Opt = Type.Optional;

/** Exact event names (`order.created`), `entity.*` wildcards and `*`. */
export const EVENT_PATTERN = '^(\\*|[a-z][a-z0-9_]*\\.(\\*|[a-z][a-z0-9_]*))$';
export const MAX_URL_LENGTH = 2048;
export const MAX_EVENTS = 100;

const Url = Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH });
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: EVENT_PATTERN }), {
  minItems: 1,
  maxItems: MAX_EVENTS,
});
const Description = Type.String({ maxLength: 500 });

export const WebhookCreate = Type.Object({
  url: Url,
  events: Events,
  description: Opt(Description),
  active: Opt(Type.Boolean()),
});
export const CreateWebhookRequest = Type.Object({ webhook: WebhookCreate });
export type WebhookInput = Static<typeof WebhookCreate>;

export const WebhookPatch = Type.Object({
  url: Opt(Url),
  events: Opt(Events),
  description: Opt(Description),
  active: Opt(Type.Boolean()),
});
export type WebhookUpdate = Static<typeof WebhookPatch>;

export const WebhookParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const DeliveryParams = Type.Object({ deliveryId: Type.String({ format: 'uuid' }) });
export const DeliveriesQuery = Type.Object({
  limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Opt(Type.String({ maxLength: 200 })),
});
