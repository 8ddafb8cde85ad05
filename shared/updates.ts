import { z } from 'zod';

/**
 * The building blocks of the edit inputs (`update<Thing>Input` in `shared/inputs/<domain>.ts`):
 * each field keeps its create schema and message; only what "missing" and "blank" mean changes.
 */

const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * An optional field of an edit: a missing key leaves it unchanged (undefined), null or blank text
 * clears it (null), anything else must pass `schema`, the create's schema of the field.
 */
export function clearable<S extends z.ZodType>(schema: S) {
  // `nullable` answers null before `schema` runs, so a create schema that reads null as "not given" still clears.
  // Typed by what it accepts, not as the `unknown` a preprocess step takes.
  return z.preprocess(blankAsNull, schema.nullable()) as unknown as z.ZodType<z.output<S> | null, z.input<S> | null>;
}

/**
 * An edit's input: any subset of `fields` (a missing key leaves the field unchanged; a required
 * field given null or blank gets its create message), and a field that is not editable (an `id`,
 * a `userId`, a computed value) or unknown is refused by name.
 */
export function updateInput<T extends z.ZodRawShape>(fields: T) {
  const editable = Object.keys(fields).join(', ');
  return z
    .strictObject(fields, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Cannot change ${issue.keys.map((key) => `"${key}"`).join(', ')}: the fields that can be changed are ${editable}`
          : undefined,
    })
    .partial();
}
