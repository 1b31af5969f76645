import { type Static, Type } from '@sinclair/typebox';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { entityRoutes, parseRevision } from '../../../platform/entity-kit/index.ts';
import { admin, underPrefixes } from '../../../platform/routing.ts';
import { bulkResponse } from '../../../platform/wire-schemas.ts';
import { brand, brandService, ribbon, ribbonService } from './brands-ribbons.ts';
import {
  addChoices,
  bulkAddChoices,
  customization,
  customizationService,
  removeChoices,
  reorderChoices,
  setChoices,
  updateChoices,
  type WireCustomization,
} from './customizations.ts';
import { infoSection, infoSectionService } from './info-sections.ts';
import {
  BulkAddChoicesRequest,
  ChoiceIdsRequest,
  ChoicesRequest,
  Customization,
  CustomizationIdParams,
  UpdateChoicesRequest,
} from './schemas.ts';

/** A customization's choice calls: `POST /customizations/{id}/<action>` → `{customization}`. */
function choiceRoutes(r: App, ctx: AppContext): void {
  const tags = customization.tags;
  const response = { 200: Type.Object({ customization: Customization }) };
  const required = (value: string | number) => parseRevision('revision', value).toString();
  const optional = (value: string | number | undefined) =>
    value === undefined ? undefined : required(value);
  const route = (
    action: string,
    summary: string,
    body: typeof ChoicesRequest | typeof ChoiceIdsRequest | typeof UpdateChoicesRequest,
    run: (id: string, body: never) => Promise<WireCustomization>,
  ) =>
    r.post(
      `/customizations/:customizationId/${action}`,
      { config: admin, schema: { tags, summary, params: CustomizationIdParams, body, response } },
      async (request) => ({
        customization: await run(request.params.customizationId, request.body as never),
      }),
    );
  route('add-choices', 'Add choices', ChoicesRequest, (id, body: ChoicesBody) =>
    addChoices(ctx, id, body.choices, optional(body.revision)),
  );
  route('set-choices', 'Replace all choices', ChoicesRequest, (id, body: ChoicesBody) =>
    setChoices(ctx, id, body.choices, optional(body.revision)),
  );
  route('remove-choices', 'Remove choices', ChoiceIdsRequest, (id, body: ChoiceIdsBody) =>
    removeChoices(ctx, id, body.choiceIds, required(body.revision)),
  );
  route('update-choices', 'Update choices', UpdateChoicesRequest, (id, body: UpdateChoicesBody) =>
    updateChoices(ctx, id, body.choices, required(body.revision)),
  );
  route('reorder-choices', 'Reorder choices', ChoiceIdsRequest, (id, body: ChoiceIdsBody) =>
    reorderChoices(ctx, id, body.choiceIds, required(body.revision)),
  );
  r.post(
    '/bulk/customizations/add-choices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add choices to many customizations',
        body: BulkAddChoicesRequest,
        response: { 200: bulkResponse(Customization) },
      },
    },
    async (request) =>
      bulkAddChoices(ctx, request.body.customizationsChoices, request.body.returnEntity !== false),
  );
}

type ChoicesBody = Static<typeof ChoicesRequest>;
type ChoiceIdsBody = Static<typeof ChoiceIdsRequest>;
type UpdateChoicesBody = Static<typeof UpdateChoicesRequest>;

/** v3 brands, ribbons, customizations, info sections on the entity kit: admin writes, public reads, both prefixes each. */
export async function merchandisingRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores/v3', '/_api/brand/v3'], (r) =>
    entityRoutes(r, ctx, brand, brandService),
  );
  await underPrefixes(app, ['/stores/v3', '/_api/ribbon/v3'], (r) =>
    entityRoutes(r, ctx, ribbon, ribbonService),
  );
  await underPrefixes(app, ['/stores/v3', '/_api/customization/v3'], (r) => {
    entityRoutes(r, ctx, customization, customizationService);
    choiceRoutes(r, ctx);
  });
  await underPrefixes(app, ['/stores/v3', '/_api/info-section/v3'], (r) =>
    entityRoutes(r, ctx, infoSection, infoSectionService),
  );
}
