import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in the `oidc_payloads`
 * table, so a restart or a second process sees the same state. Rows are keyed by (type, id).
 */
export function prismaAdapterFactory(prisma: PrismaClient): new (type: string) => Adapter {
  return class PrismaOidcAdapter implements Adapter {
    constructor(private type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const data = {
        payload: payload as object,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await prisma.oidcPayload.upsert({
        where: { type_id: { type: this.type, id } },
        create: { type: this.type, id, ...data },
        update: data,
      });
    }

    private async findWhere(where: { id?: string; uid?: string; userCode?: string }) {
      const row = await prisma.oidcPayload.findFirst({ where: { type: this.type, ...where } });
      if (!row || (row.expiresAt && row.expiresAt <= new Date())) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    find(id: string) {
      return this.findWhere({ id });
    }

    findByUid(uid: string) {
      return this.findWhere({ uid });
    }

    findByUserCode(userCode: string) {
      return this.findWhere({ userCode });
    }

    async consume(id: string) {
      await prisma.oidcPayload.updateMany({ where: { type: this.type, id }, data: { consumedAt: new Date() } });
    }

    async destroy(id: string) {
      await prisma.oidcPayload.deleteMany({ where: { type: this.type, id } });
    }

    async revokeByGrantId(grantId: string) {
      await prisma.oidcPayload.deleteMany({ where: { grantId } });
    }
  };
}

/** Removes expired provider state (called periodically). */
export function purgeExpiredOidcPayloads(prisma: PrismaClient) {
  return prisma.oidcPayload.deleteMany({ where: { expiresAt: { lte: new Date() } } });
}
