import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noFloatMoney } from './no-float-money.ts';

RuleTester.describe = describe;
RuleTester.it = it;

new RuleTester().run('no-float-money', noFloatMoney, {
  valid: ['const n = Number(args.first);', 'const d = new Decimal(input.amount);', 'const x = +count;'],
  invalid: [
    { code: 'const x = parseFloat(input.amount);', errors: [{ messageId: 'float' }] },
    { code: 'total += Number(row.balance);', errors: [{ messageId: 'float' }] },
    { code: 'const v = +tx.amount;', errors: [{ messageId: 'float' }] },
    { code: 'const v = Number.parseFloat(money);', errors: [{ messageId: 'float' }] },
    { code: 'const r = Math.round(spent * 100);', errors: [{ messageId: 'float' }] },
  ],
});
