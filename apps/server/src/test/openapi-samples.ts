// Requests built from the app's own OpenAPI document (GET /api/docs/json), for the tests that walk
// every route (platform/control-characters.test.ts, platform/route-access.test.ts, and the fuzzer's
// arbitraries in test/openapi-arbitraries.ts).

/** The part of JSON Schema (as the OpenAPI document writes it) that requests are built from. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema };
export type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** The alternatives of a union, without its `null`. */
export const alternatives = (s: JsonSchema) => (s.oneOf ?? s.anyOf)?.filter((a) => a.type !== 'null');
const patterns = (s: JsonSchema): string[] => [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter((p): p is string => Boolean(p));

/** A plausible value for a text field: the first candidate its patterns and lengths accept. */
function sampleString(s: JsonSchema, name: string): string {
  const named = /email/i.test(name) ? ['player@example.com'] : /phone/i.test(name) ? ['050-1234567'] : [];
  const candidates = [...named, 'Noa Levi', '0123456789abcdef01234567', '123456', '12'];
  const fits = (v: string) =>
    v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity) && patterns(s).every((p) => new RegExp(p).test(v));
  return candidates.find(fits) ?? candidates[0];
}

/**
 * A value for every property the schema names, optional ones too; `fill` gives values by field name
 * (the ids of real rows). `{}` (any JSON, read by the service itself, e.g. an import file) is `{}`.
 */
export function sample(s: JsonSchema, name: string, fill: Record<string, string> = {}): unknown {
  if (fill[name] !== undefined) return fill[name];
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (Object.keys(s).length === 0) return {};
  const alts = alternatives(s);
  if (alts?.length) return sample(alts[0], name, fill);
  const type = [s.type].flat()[0];
  if (type === 'object') return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k, fill)]));
  if (type === 'array') return s.items ? [sample(s.items, name, fill)] : [];
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  return sampleString(s, name);
}
