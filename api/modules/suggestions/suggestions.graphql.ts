import { builder } from '../../graphql/builder.ts';
import { requireViewer } from '../../graphql/context.ts';
import { owned } from '../../lib/viewer.ts';
import { UserRef } from '../users/users.graphql.ts';
import { suggestCategory } from './suggestions.service.ts';

builder.prismaObjectField(UserRef, 'categorySuggestion', (t) =>
  t.prismaField({
    type: 'BudgetCategory',
    nullable: true,
    description: 'The category suggested for a transaction description being typed (SPEC §9), or null.',
    args: { description: t.arg.string({ validate: { maxLength: 500 } }) },
    resolve: async (query, _user, { description }, ctx) => {
      const viewer = requireViewer(ctx);
      const id = await suggestCategory(viewer, description);
      return id ? ctx.prisma.budgetCategory.findFirst({ ...query, where: { id, ...owned(viewer) } }) : null;
    },
  }),
);
