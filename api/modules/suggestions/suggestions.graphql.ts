import { builder } from '../../graphql/builder.ts';
import { UserRef } from '../users/users.graphql.ts';
import { suggestedCategory } from './suggestions.service.ts';

builder.prismaObjectField(UserRef, 'categorySuggestion', (t) =>
  t.prismaField({
    type: 'BudgetCategory',
    nullable: true,
    description:
      "The category suggested for a transaction description being typed (from the user's past transactions, else from keyword groups matched to category names), or null.",
    args: { description: t.arg.string({ validate: { maxLength: 500 } }) },
    resolve: (query, _user, { description }, ctx) => suggestedCategory(ctx.viewer, description, query),
  }),
);
