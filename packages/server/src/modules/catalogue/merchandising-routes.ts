import type { Static, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalid } from '../../platform/errors.ts';
import { complexGetHook, underPrefixes } from '../../platform/routing.ts';
import {
  addChoices,
  bulkAddChoices,
  bulkCreateCustomizations,
  bulkUpdateCustomizations,
  countCustomizations,
  createCustomization,
  type CustomizationInput as CustomizationInputType,
  deleteCustomization,
  getCustomization,
  queryCustomizations,
  removeChoices,
  reorderChoices,
  setChoices,
  updateChoices,
  updateCustomization,
} from './customizations.ts';
import {
  bulkCreateInfoSections,
  bulkDeleteInfoSections,
  bulkGetOrCreateInfoSections,
  bulkUpdateInfoSections,
  countInfoSections,
  createInfoSection,
  deleteInfoSection,
  getInfoSection,
  getOrCreateInfoSection,
  type InfoSectionInput as InfoSectionInputType,
  queryInfoSections,
  updateInfoSection,
} from './info-sections.ts';
import {
  bulkCreateNamed,
  bulkDeleteNamed,
  bulkGetOrCreateNamed,
  bulkUpdateNamed,
  countNamed,
  createNamed,
  deleteNamed,
  getNamed,
  getOrCreateNamed,
  type NamedKind,
  parseRevision,
  queryNamed,
  updateNamed,
} from './merchandising.ts';
import {
  Brand,
  BulkAddChoicesRequest,
  BulkDeleteResponse,
  bulkCreateRequest,
  bulkResponse,
  bulkUpdateRequest,
  ChoiceIdsRequest,
  ChoicesRequest,
  CountRequest,
  CountResponse,
  Customization,
  CustomizationIdParams,
  CustomizationInput,
  entityRequest,
  entityResponse,
  FieldsQuery,
  IdsRequest,
  InfoSection,
  InfoSectionInput,
  NamedInput,
  pageResponse,
  QueryRequest,
  Ribbon,
  UpdateChoicesRequest,
} from './merchandising-schemas.ts';
import { Empty } from './write-schemas.ts';
import type { BulkResult } from './write-support.ts';

const admin = { access: 'admin' } as const;
const open = { access: 'public' } as const;

type Fields = string[] | undefined;
type FieldMask = string | string[] | undefined;
type Query = { query?: unknown; fields?: string[] | undefined };

/** The v3 routes of one entity: CRUD, query (GET* or POST), count, bulk create/update[/delete]. */
interface EntityRoutes<W, I> {
  /** Wire key (`brand`) and plural (`brands`), path segment (`brands`), id param (`brandId`). */
  key: string;
  plural: string;
  segment: string;
  tags: string[];
  entity: TSchema;
  input: TSchema;
  queryAsGet: boolean;
  create(input: I): Promise<W>;
  get(id: string, fields: Fields): Promise<W>;
  update(id: string, input: I, fieldMask: FieldMask, fields: Fields): Promise<W>;
  remove(id: string): Promise<void>;
  query(request: Query): Promise<{ items: W[]; pagingMetadata: unknown }>;
  count(filter: unknown): Promise<number>;
  bulkCreate(list: I[], returnEntity: boolean): Promise<unknown>;
  bulkUpdate(
    list: Array<{ entity: I; fieldMask: FieldMask }>,
    returnEntity: boolean,
    fields: Fields,
  ): Promise<unknown>;
  bulkDelete?: (ids: string[]) => Promise<BulkResult<never>>;
}

function registerEntity<W, I>(r: App, e: EntityRoutes<W, I>): void {
  const { key, plural, segment, tags } = e;
  const idParam = `${key}Id`;
  const Params: TSchema = Type.Object({ [idParam]: Type.String({ maxLength: 100 }) });
  const CreateBody: TSchema = Type.Object({ [key]: e.input });
  const id = (params: unknown) => (params as Record<string, string>)[idParam]!;
  r.post(
    `/${segment}`,
    {
      config: admin,
      schema: {
        tags,
        summary: `Create a ${key}`,
        body: CreateBody,
        response: { 200: entityResponse(key, e.entity) },
      },
    },
    async (request) => ({ [key]: await e.create((request.body as Record<string, I>)[key]!) }),
  );
  r.get(
    `/${segment}/:${idParam}`,
    {
      config: open,
      schema: {
        tags,
        summary: `Get a ${key}`,
        params: Params,
        querystring: FieldsQuery,
        response: { 200: entityResponse(key, e.entity) },
      },
    },
    async (request) => ({ [key]: await e.get(id(request.params), (request.query as Query).fields) }),
  );
  r.patch(
    `/${segment}/:${idParam}`,
    {
      config: admin,
      schema: {
        tags,
        summary: `Update a ${key} (send its revision)`,
        params: Params,
        body: entityRequest(key, e.input),
        response: { 200: entityResponse(key, e.entity) },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown> & { fieldMask?: FieldMask; fields?: Fields };
      const pathId = id(request.params);
      const bodyId = (body[key] as { id?: string }).id;
      if (bodyId && bodyId.toLowerCase() !== pathId.toLowerCase())
        throw invalid(`${key}.id`, 'must equal the id in the path', 'VALIDATION', { pathId });
      return { [key]: await e.update(pathId, body[key] as I, body.fieldMask, body.fields) };
    },
  );
  r.delete(
    `/${segment}/:${idParam}`,
    { config: admin, schema: { tags, summary: `Delete a ${key}`, params: Params, response: { 200: Empty } } },
    async (request) => {
      await e.remove(id(request.params));
      return {};
    },
  );
  const querySchema = {
    tags,
    summary: `Query ${plural} (cursor or offset paging)`,
    response: { 200: pageResponse(plural, e.entity) },
  };
  const runQuery = async (request: Query) => {
    const page = await e.query(request);
    return { [plural]: page.items, pagingMetadata: page.pagingMetadata };
  };
  if (e.queryAsGet)
    r.get(
      `/${segment}/query`,
      {
        config: open,
        preValidation: complexGetHook(),
        schema: { ...querySchema, querystring: QueryRequest },
      },
      async (request) => runQuery(request.query as Query),
    );
  r.post(
    `/${segment}/query`,
    { config: open, schema: { ...querySchema, body: QueryRequest } },
    async (request) => runQuery(request.body as Query),
  );
  r.post(
    `/${segment}/count`,
    {
      config: open,
      schema: { tags, summary: `Count ${plural}`, body: CountRequest, response: { 200: CountResponse } },
    },
    async (request) => ({ count: await e.count(request.body.filter) }),
  );
  r.post(
    `/bulk/${segment}/create`,
    {
      config: admin,
      schema: {
        tags,
        summary: `Create ${plural}`,
        body: bulkCreateRequest(plural, e.input),
        response: { 200: bulkResponse(e.entity) },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown> & { returnEntity?: boolean };
      return e.bulkCreate(body[plural] as I[], body.returnEntity !== false);
    },
  );
  r.post(
    `/bulk/${segment}/update`,
    {
      config: admin,
      schema: {
        tags,
        summary: `Update ${plural} (each with its revision)`,
        body: bulkUpdateRequest(plural, key, e.input),
        response: { 200: bulkResponse(e.entity) },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown> & { returnEntity?: boolean; fields?: Fields };
      const list = (body[plural] as Array<Record<string, unknown> & { fieldMask?: FieldMask }>).map(
        (item) => ({
          entity: item[key] as I,
          fieldMask: item.fieldMask,
        }),
      );
      return e.bulkUpdate(list, body.returnEntity !== false, body.fields);
    },
  );
  const bulkDelete = e.bulkDelete;
  if (bulkDelete)
    r.post(
      `/bulk/${segment}/delete`,
      {
        config: admin,
        schema: {
          tags,
          summary: `Delete ${plural}`,
          body: IdsRequest(`${key}Ids`),
          response: { 200: BulkDeleteResponse },
        },
      },
      async (request) => bulkDelete((request.body as Record<string, string[]>)[`${key}Ids`]!),
    );
}

type NamedInputType = Static<typeof NamedInput>;

function namedRoutes(r: App, ctx: AppContext, kind: NamedKind): void {
  const plural = `${kind}s`;
  const tags = [`${plural} (v3)`];
  const entity = kind === 'brand' ? Brand : Ribbon;
  registerEntity<unknown, NamedInputType>(r, {
    key: kind,
    plural,
    segment: plural,
    tags,
    entity,
    input: NamedInput,
    queryAsGet: kind === 'brand',
    create: (input) => createNamed(ctx, kind, input.name),
    get: (id, fields) => getNamed(ctx, kind, id, fields),
    update: (id, input, _mask, fields) => updateNamed(ctx, kind, id, input, fields),
    remove: (id) => deleteNamed(ctx, kind, id),
    query: (request) => queryNamed(ctx, kind, request.query, request.fields),
    count: (filter) => countNamed(ctx, kind, filter),
    bulkCreate: (list, returnEntity) => bulkCreateNamed(ctx, kind, list, returnEntity),
    bulkUpdate: (list, returnEntity, fields) => bulkUpdateNamed(ctx, kind, list, returnEntity, fields),
    bulkDelete: (ids) => bulkDeleteNamed(ctx, kind, ids),
  });
  const nameKey = `${kind}Name`;
  r.post(
    `/${plural}/get-or-create`,
    {
      config: admin,
      schema: {
        tags,
        summary: `The ${kind} of that name, created when missing`,
        body: Type.Object({ [nameKey]: Type.String({ maxLength: 200 }) }) as TSchema,
        response: { 200: entityResponse(kind, entity) },
      },
    },
    async (request) => ({
      [kind]: await getOrCreateNamed(ctx, kind, (request.body as Record<string, string>)[nameKey]),
    }),
  );
  r.post(
    `/bulk/${plural}/get-or-create`,
    {
      config: admin,
      schema: {
        tags,
        summary: `${plural} of those names, created when missing`,
        body: Type.Object({
          [`${nameKey}s`]: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 100 }),
        }) as TSchema,
        response: { 200: bulkResponse(entity) },
      },
    },
    async (request) =>
      bulkGetOrCreateNamed(ctx, kind, (request.body as Record<string, string[]>)[`${nameKey}s`]!),
  );
}

function customizationRoutes(r: App, ctx: AppContext): void {
  const tags = ['customizations (v3)'];
  registerEntity<unknown, CustomizationInputType>(r, {
    key: 'customization',
    plural: 'customizations',
    segment: 'customizations',
    tags,
    entity: Customization,
    input: CustomizationInput,
    queryAsGet: true,
    create: (input) => createCustomization(ctx, input),
    get: (id, fields) => getCustomization(ctx, id, fields),
    update: (id, input, mask, fields) => updateCustomization(ctx, id, input, mask, fields),
    remove: (id) => deleteCustomization(ctx, id),
    query: (request) => queryCustomizations(ctx, request.query, request.fields),
    count: (filter) => countCustomizations(ctx, filter),
    bulkCreate: (list, returnEntity) => bulkCreateCustomizations(ctx, list, returnEntity),
    bulkUpdate: (list, returnEntity, fields) =>
      bulkUpdateCustomizations(
        ctx,
        list.map((i) => ({ customization: i.entity, fieldMask: i.fieldMask })),
        returnEntity,
        fields,
      ),
  });
  const response = { 200: entityResponse('customization', Customization) };
  const revisionOf = (value: string | number | undefined) =>
    value === undefined ? undefined : parseRevision('revision', value);
  r.post(
    '/customizations/:customizationId/add-choices',
    {
      config: admin,
      schema: { tags, summary: 'Add choices', params: CustomizationIdParams, body: ChoicesRequest, response },
    },
    async (request) => ({
      customization: await addChoices(
        ctx,
        request.params.customizationId,
        request.body.choices,
        revisionOf(request.body.revision),
      ),
    }),
  );
  r.post(
    '/customizations/:customizationId/set-choices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace all choices',
        params: CustomizationIdParams,
        body: ChoicesRequest,
        response,
      },
    },
    async (request) => ({
      customization: await setChoices(
        ctx,
        request.params.customizationId,
        request.body.choices,
        revisionOf(request.body.revision),
      ),
    }),
  );
  r.post(
    '/customizations/:customizationId/remove-choices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove choices',
        params: CustomizationIdParams,
        body: ChoiceIdsRequest,
        response,
      },
    },
    async (request) => ({
      customization: await removeChoices(
        ctx,
        request.params.customizationId,
        request.body.choiceIds,
        parseRevision('revision', request.body.revision),
      ),
    }),
  );
  r.post(
    '/customizations/:customizationId/update-choices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update choices',
        params: CustomizationIdParams,
        body: UpdateChoicesRequest,
        response,
      },
    },
    async (request) => ({
      customization: await updateChoices(
        ctx,
        request.params.customizationId,
        request.body.choices,
        parseRevision('revision', request.body.revision),
      ),
    }),
  );
  r.post(
    '/customizations/:customizationId/reorder-choices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reorder choices',
        params: CustomizationIdParams,
        body: ChoiceIdsRequest,
        response,
      },
    },
    async (request) => ({
      customization: await reorderChoices(
        ctx,
        request.params.customizationId,
        request.body.choiceIds,
        parseRevision('revision', request.body.revision),
      ),
    }),
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

type InfoSectionInputStatic = Static<typeof InfoSectionInput>;

function infoSectionRoutes(r: App, ctx: AppContext): void {
  const tags = ['info sections (v3)'];
  registerEntity<unknown, InfoSectionInputStatic>(r, {
    key: 'infoSection',
    plural: 'infoSections',
    segment: 'info-sections',
    tags,
    entity: InfoSection,
    input: InfoSectionInput,
    queryAsGet: true,
    create: (input) => createInfoSection(ctx, input as InfoSectionInputType),
    get: (id, fields) => getInfoSection(ctx, id, fields),
    update: (id, input, mask, fields) =>
      updateInfoSection(ctx, id, input as InfoSectionInputType, mask, fields),
    remove: (id) => deleteInfoSection(ctx, id),
    query: (request) => queryInfoSections(ctx, request.query, request.fields),
    count: (filter) => countInfoSections(ctx, filter),
    bulkCreate: (list, returnEntity) =>
      bulkCreateInfoSections(ctx, list as InfoSectionInputType[], returnEntity),
    bulkUpdate: (list, returnEntity, fields) =>
      bulkUpdateInfoSections(
        ctx,
        list.map((i) => ({ infoSection: i.entity as InfoSectionInputType, fieldMask: i.fieldMask })),
        returnEntity,
        fields,
      ),
    bulkDelete: (ids) => bulkDeleteInfoSections(ctx, ids),
  });
  r.post(
    '/info-sections/get-or-create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'An info section by id or unique name, created when missing',
        body: Type.Object({ infoSection: InfoSectionInput }),
        response: { 200: entityResponse('infoSection', InfoSection) },
      },
    },
    async (request) => ({
      infoSection: await getOrCreateInfoSection(ctx, request.body.infoSection as InfoSectionInputType),
    }),
  );
  r.post(
    '/bulk/info-sections/get-or-create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Info sections by unique name, created when missing',
        body: Type.Object({ infoSections: Type.Array(InfoSectionInput, { minItems: 1, maxItems: 100 }) }),
        response: { 200: bulkResponse(InfoSection) },
      },
    },
    async (request) => bulkGetOrCreateInfoSections(ctx, request.body.infoSections as InfoSectionInputType[]),
  );
}

/** v3 brands, ribbons, customizations, info sections: admin writes, public reads, both prefixes each. */
export async function merchandisingRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores/v3', '/_api/brand/v3'], (r) => namedRoutes(r, ctx, 'brand'));
  await underPrefixes(app, ['/stores/v3', '/_api/ribbon/v3'], (r) => namedRoutes(r, ctx, 'ribbon'));
  await underPrefixes(app, ['/stores/v3', '/_api/customization/v3'], (r) => customizationRoutes(r, ctx));
  await underPrefixes(app, ['/stores/v3', '/_api/info-section/v3'], (r) => infoSectionRoutes(r, ctx));
}
