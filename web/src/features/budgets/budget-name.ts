import { z } from 'zod';
import { nameSchema } from '../../../../shared/validation.ts';

/** A budget's name, as a new budget or a rename takes it (apart from budget-roles.ts: the shell's switcher must not carry the validation library). */
export const budgetNameInput = z.object({ name: nameSchema(100) });
