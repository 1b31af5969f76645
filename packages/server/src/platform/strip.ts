/**
 * Unknown keys are ignored (wire/README §2), and ignored means dropped: after validation and before any handler,
 * every object in a request body or query is cut down to the keys its schema declares, so nothing a client makes
 * up is stored or served back (docs/DECISIONS.md "Unknown JSON keys"). Where a schema admits any key (records,
 * `additionalProperties`, free-form `Type.Unknown`), keys stay and known values inside are still cut down.
 *
 * Unions: `allOf` combines the keys of all its parts; `anyOf`/`oneOf` with one object branch (`X | null`,
 * `string | X`) is that branch; with several object branches the value is left as it is (ajv's own
 * `removeAdditional` would strip while trying each branch and corrupt the data for the next one).
 */

type Schema = Record<string, unknown>;

interface Shape {
  /** Declared key → the schemas its value must meet (several under `allOf`). */
  declared: Map<string, Schema[]>;
  /** Other keys: dropped, or kept and checked against these schemas (records, `additionalProperties`). */
  others: 'drop' | Schema[];
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isObjectSchema = (schema: Schema): boolean =>
  schema.type === 'object' ||
  isSchema(schema.properties) ||
  isSchema(schema.patternProperties) ||
  Array.isArray(schema.allOf);

const isArraySchema = (schema: Schema): boolean => schema.type === 'array' || isSchema(schema.items);

/** The one branch of `anyOf`/`oneOf` that `matches`, all of `allOf`; undefined when that is not one branch. */
function branches(schema: Schema, matches: (s: Schema) => boolean): Schema[] | undefined {
  const out: Schema[] = [];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const fitting = list.filter(isSchema).filter(matches);
    if (fitting.length !== 1) return undefined;
    out.push(fitting[0]!);
  }
  if (Array.isArray(schema.allOf)) out.push(...schema.allOf.filter(isSchema).filter(matches));
  return out;
}

const shapes = new WeakMap<Schema, Shape | null>();

/** What an object meeting `schema` may hold; null when it may hold anything (nothing to cut). */
function shapeOf(schema: Schema): Shape | null {
  const known = shapes.get(schema);
  if (known !== undefined) return known;
  const shape = computeShape(schema);
  shapes.set(schema, shape);
  return shape;
}

function computeShape(schema: Schema): Shape | null {
  const parts = branches(schema, isObjectSchema);
  if (parts === undefined || (parts.length === 0 && !isObjectSchema(schema))) return null;
  const shape: Shape = { declared: new Map(), others: 'drop' };
  const add = (part: Shape) => {
    for (const [key, list] of part.declared)
      shape.declared.set(key, [...(shape.declared.get(key) ?? []), ...list]);
    if (part.others !== 'drop')
      shape.others = [...(shape.others === 'drop' ? [] : shape.others), ...part.others];
  };
  for (const part of parts) {
    const inner = shapeOf(part);
    if (!inner) return null;
    add(inner);
  }
  if (isSchema(schema.properties)) {
    for (const [key, value] of Object.entries(schema.properties))
      if (isSchema(value)) add({ declared: new Map([[key, [value]]]), others: 'drop' });
  }
  const open: Schema[] = [];
  if (isSchema(schema.patternProperties))
    open.push(...Object.values(schema.patternProperties).filter(isSchema));
  if (schema.additionalProperties === true) open.push({});
  else if (isSchema(schema.additionalProperties)) open.push(schema.additionalProperties);
  if (open.length) add({ declared: new Map(), others: open });
  // An object schema that names nothing at all (`Type.Object({})` without properties) admits anything.
  if (!parts.length && !isSchema(schema.properties) && !open.length && schema.additionalProperties !== false)
    return null;
  return shape;
}

/** The schema each element of an array meeting `schema` must meet, if one. */
function itemsOf(schema: Schema): Schema | undefined {
  if (isSchema(schema.items)) return schema.items;
  const parts = branches(schema, isArraySchema);
  return parts?.length === 1 ? itemsOf(parts[0]!) : undefined;
}

/** Deletes, in place, every key of `value` and of the objects in it that `schema` does not declare. */
export function stripUnknownKeys(schema: unknown, value: unknown): void {
  if (!isSchema(schema) || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    const items = itemsOf(schema);
    if (items) for (const item of value) stripUnknownKeys(items, item);
    return;
  }
  const shape = shapeOf(schema);
  if (!shape) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const declared = shape.declared.get(key) ?? (shape.others === 'drop' ? undefined : shape.others);
    if (declared) for (const inner of declared) stripUnknownKeys(inner, record[key]);
    else delete record[key];
  }
}
