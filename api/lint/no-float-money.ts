import type { Rule } from 'eslint';

// Money is decimal end to end (docs/architecture.md, "Money"): no float conversion may touch a
// money value. Flags parseFloat/Number/parseInt/Math.round and unary plus applied to anything
// named like money. A real exception (chart geometry) is disabled on its line with its reason.
const MONEY = /(amount|balance|money|total|income|spent|allocated|remaining|savings|target|current|price|sum)/i;
const FLOAT_CALLS = new Set(['parseFloat', 'Number', 'parseInt', 'Math.round', 'Number.parseFloat', 'Number.parseInt']);

export const noFloatMoney: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep money decimal: no float conversion of a money value' },
    messages: { float: 'Money is decimal: use Decimal (api/lib/money.ts) or the web money helpers, not {{what}}.' },
    schema: [],
  },
  create(context) {
    const text = (node: Parameters<typeof context.sourceCode.getText>[0]) => context.sourceCode.getText(node);
    return {
      CallExpression(node) {
        const callee = text(node.callee);
        if (FLOAT_CALLS.has(callee) && node.arguments.some((a) => MONEY.test(text(a)))) {
          context.report({ node, messageId: 'float', data: { what: `${callee}()` } });
        }
      },
      UnaryExpression(node) {
        if (node.operator === '+' && MONEY.test(text(node.argument)))
          context.report({ node, messageId: 'float', data: { what: 'unary +' } });
      },
    };
  },
};
