import { z } from 'zod';
const flag = z.union([z.literal(0), z.literal(1)], { message: 'x must be 0 or 1' }).transform((f) => f === 1);
const a = z.object({ a: flag.prefault(1), b: flag.optional() }).strict();
console.log(JSON.stringify(z.toJSONSchema(a, { io: 'input', unrepresentable: 'any' })));
console.log(a.parse({}), a.parse({ a: 0, b: 1 }));
const old = z.object({ a: z.union([z.literal(0), z.literal(1)]).default(1) });
console.log(JSON.stringify(z.toJSONSchema(old, { io: 'input', unrepresentable: 'any' })));
console.log(JSON.stringify(z.toJSONSchema(z.object({a:flag.prefault(1)}).shape.a.unwrap?.() ?? 'none', { io: 'input', unrepresentable: 'any' })));
