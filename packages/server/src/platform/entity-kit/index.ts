export { type BulkItemError, type BulkResult, runBulk } from './bulk.ts';
export {
  defineEntity,
  type EntityDescription,
  type Operation,
  type Values,
  type Write,
} from './description.ts';
export {
  createBody,
  EntityId,
  entityRoutes,
  FieldMask,
  IdParam,
  PathMask,
  patchSchema,
  QueryRequest,
  queryRoutes,
  Revision,
  updateBody,
} from './routes.ts';
export { type EntityService, entityService } from './service.ts';
export {
  checkRevision,
  countRows,
  failIf,
  inOrder,
  isUniqueViolation,
  iso,
  maskedFields,
  maskList,
  maskPaths,
  parseRevision,
  queryIds,
  querySpec,
  refuseUnknownFields,
  samePath,
  sentPath,
  UUID,
  unique,
  violation,
} from './support.ts';
