import type { Response } from 'express';
import { SESSION_COOKIE } from '../../auth/sign-in.ts';
import { z } from 'zod';
import { defineRoutes, route } from '../../rest/route-table.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { deleteAccountInput, updateProfileInput } from '../../../shared/inputs/settings.ts';
import { signInSettings } from '../credentials/credentials.service.ts';
import { deleteMyAccount, findUser, updateProfile } from './users.service.ts';

/** The signed-in user's profile and how they sign in, as REST answers it. */
const profileAnswer = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  signInMethod: z.enum(['built-in', 'external']),
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.int(),
});

async function profileJson(viewer: Viewer): Promise<z.output<typeof profileAnswer>> {
  const [user, signIn] = await Promise.all([findUser(viewer.prisma, viewer.id), signInSettings(viewer)]);
  return {
    id: viewer.id,
    email: user?.email ?? null,
    firstName: user?.firstName ?? null,
    lastName: user?.lastName ?? null,
    profileImageUrl: user?.profileImageUrl ?? null,
    signInMethod: signIn.builtIn ? 'built-in' : 'external',
    twoFactorEnabled: signIn.twoFactorEnabled,
    recoveryCodesLeft: signIn.recoveryCodesLeft,
  };
}

/** The signed-in user's profile and account (docs/product.md#settings). */
export const userRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/profile',
    tag: 'Settings',
    summary: 'Your profile and how you sign in',
    returns: { json: profileAnswer },
    handler: (viewer) => profileJson(viewer),
  }),
  route({
    method: 'patch',
    path: '/profile',
    tag: 'Settings',
    summary: 'Change your first and last name (built-in sign-in only: an external provider’s name is changed there)',
    body: updateProfileInput,
    returns: { json: profileAnswer },
    handler: async (viewer, { body }) => {
      await updateProfile(viewer, body);
      return profileJson(viewer);
    },
  }),
  route({
    method: 'delete',
    path: '/profile',
    tag: 'Settings',
    summary: 'Delete your account and all of your data, sessions and tokens (`confirmation`: your email)',
    body: deleteAccountInput,
    browserOnly: true,
    confirmsIdentity: true,
    handler: async (viewer, { body }, _req, res: Response) => {
      await deleteMyAccount(viewer, body);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  }),
);
